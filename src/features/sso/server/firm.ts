import "server-only";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { assertAdmin, type AdminActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { ssoDomains, ssoProvider, ssoSettings } from "./schema";
import type { SsoMode } from "@/lib/domain/sso";
import type { DemoMark } from "@/lib/domain/demo-service";
import { demoMarkOf } from "@/server/core/demo-services";
import { recordAudit } from "@/features/audit/server";
import { appLink, notifyClientOwners } from "@/features/notifications/server";

export type AdminSsoView = { mode: SsoMode; domains: string[]; issuer: string | null; demo: DemoMark };

/** What the firm sees of a company's single sign-on: its policy, verified domains and provider; never a secret. */
export async function ssoStateForAdmin(db: DbOrTx, { actor, clientId }: { actor: AdminActor; clientId: string }): Promise<AdminSsoView> {
  assertAdmin(actor);
  const [[settings], domains, [provider]] = await Promise.all([
    db.select({ mode: ssoSettings.mode }).from(ssoSettings).where(eq(ssoSettings.clientId, clientId)).limit(1),
    db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(eq(ssoDomains.clientId, clientId), isNotNull(ssoDomains.verifiedAt)))
      .orderBy(ssoDomains.domain),
    db.select({ issuer: ssoProvider.issuer }).from(ssoProvider).where(eq(ssoProvider.clientId, clientId)).limit(1),
  ]);
  const issuer = provider?.issuer ?? null;
  return { mode: settings?.mode ?? "off", domains: domains.map((d) => d.domain), issuer, demo: demoMarkOf(issuer) };
}

/**
 * The firm switches a company's single sign-on off (its provider is compromised, or locks people
 * out): everyone signs in with a password again; audited, and the owners are mailed who did it.
 * Switching on again is the owners' (after a new test sign-in).
 */
export async function switchSsoOffAsFirm(
  db: DbOrTx,
  { actor, clientId }: { actor: AdminActor; clientId: string },
): Promise<{ mode: "off" }> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(ssoSettings)
      .set({ mode: "off" })
      .where(and(eq(ssoSettings.clientId, clientId), ne(ssoSettings.mode, "off")))
      .returning({ clientId: ssoSettings.clientId });
    if (!row) return;
    await recordAudit(tx, {
      actor,
      action: "sso.switched_off",
      entityType: "client",
      entityId: clientId,
      clientId,
      after: { mode: "off" },
    });
    await notifyClientOwners(tx, clientId, {
      key: `sso-switched-off-by-firm:${clientId}:${Date.now()}`,
      category: "integrations",
      kind: "notify_sso_switched_off",
      content: (company) => ({
        subject: "Single sign-on was switched off by our team",
        greetingName: company,
        paragraphs: [
          `${actor.name || actor.email} of our team switched your company's single sign-on off. Your people sign in with their password again; those who never had one can set one with "Forgot password?".`,
          "If you did not expect this, reply to this mail. An owner can switch single sign-on on again in Settings after a new test sign-in.",
        ],
        action: { label: "Open Settings", url: appLink("/client-portal?section=settings&tab=sso") },
      }),
    });
  });
  return { mode: "off" };
}
