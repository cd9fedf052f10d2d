import "server-only";
import { eq } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import { describeUserAgent } from "@/lib/user-agent";
import type { DbOrTx } from "@/server/core/db/client";
import { user } from "../schema";
import { serverEnv } from "@/server/core/env";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { layoutMail } from "@/server/core/mail/templates";
import { clientIp } from "@/server/core/rate-limit";
import { formatMailTime } from "../sessions/account-sessions";

// Every authenticator added or removed is mailed to its person (docs/PRODUCT.md#passkeys,
// docs/PRODUCT.md#sign-in-two-factor): a change they did not make is how a stolen session shows.

export type AuthenticatorChange =
  | { kind: "passkey_added" | "passkey_removed"; name: string }
  | { kind: "two_factor_enabled" | "two_factor_disabled" | "backup_codes_regenerated" };

function wordsOf(change: AuthenticatorChange): { subject: string; what: string } {
  switch (change.kind) {
    case "passkey_added":
      return { subject: "A passkey was added to your account", what: `A passkey, "${change.name}", was added to` };
    case "passkey_removed":
      return { subject: "A passkey was removed from your account", what: `A passkey, "${change.name}", was removed from` };
    case "two_factor_enabled":
      return { subject: "Two-factor sign-in was turned on", what: "Two-factor sign-in with an authenticator app was turned on for" };
    case "two_factor_disabled":
      return { subject: "Two-factor sign-in was turned off", what: "Two-factor sign-in with an authenticator app was turned off for" };
    case "backup_codes_regenerated":
      return { subject: "New backup codes were made", what: "A new set of backup codes (the old ones no longer work) was made for" };
  }
}

/** Where the mail sends the person: their account security page, at the passkeys list for a passkey. */
export function securityPageUrl(role: string | null, change: AuthenticatorChange["kind"]): string {
  const base = serverEnv().appUrl;
  const page = role === "admin" ? `${base}/admin/account?tab=security` : `${base}/client-portal?section=settings&tab=security`;
  return change.startsWith("passkey") ? `${page}#passkeys` : page;
}

/** Queues the mail in the caller's transaction (sent after the answer, src/server/core/mail/outbox.ts). */
export async function mailAuthenticatorChange(
  db: DbOrTx,
  { userId, change, headers }: { userId: string; change: AuthenticatorChange; headers?: Headers },
): Promise<void> {
  const [who] = await db.select({ email: user.email, role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
  if (!who) return;
  const { subject, what } = wordsOf(change);
  const from = headers ? ` from ${describeUserAgent(headers.get("user-agent"))} (IP address ${clientIp(headers)})` : "";
  const mail = await layoutMail({
    subject,
    paragraphs: [
      `${what} your ${siteConfig.name} account on ${formatMailTime(new Date())}${from}.`,
      "If this was you, there is nothing more to do. If it was not, review your passkeys and two-factor sign-in at once, sign out your other sessions, change your password and contact us.",
    ],
    action: { label: "Review your sign-in methods", url: securityPageUrl(who.role, change.kind) },
  });
  await enqueueEmail(db, { to: who.email, kind: `authenticator_${change.kind}`, ...mail });
}
