import "server-only";
import { eq } from "drizzle-orm";
import { DEFAULT_AUTHORIZATION_TERMS } from "@/lib/domain/authorization-terms";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { appSettings } from "./schema";
import { recordAudit } from "@/features/audit/server";

// The terms a new testing authorization starts from (docs/PRODUCT.md#admin-settings): the firm's
// own text once saved, else the default in code. A sent authorization keeps the terms it was sent with.

export type AuthorizationTermsSetting = { terms: string; customized: boolean };

export async function getAuthorizationTerms(db: DbOrTx): Promise<AuthorizationTermsSetting> {
  const [row] = await db.select({ terms: appSettings.authorizationTerms }).from(appSettings).where(eq(appSettings.id, "app")).limit(1);
  return row?.terms ? { terms: row.terms, customized: true } : { terms: DEFAULT_AUTHORIZATION_TERMS, customized: false };
}

/** Saves the template (audited with the old and new text). */
export async function setAuthorizationTerms(db: Db, { actor, terms }: { actor: AdminActor; terms: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await tx.insert(appSettings).values({ id: "app" }).onConflictDoNothing();
    const [before] = await tx
      .select({ terms: appSettings.authorizationTerms })
      .from(appSettings)
      .where(eq(appSettings.id, "app"))
      .for("update");
    await tx.update(appSettings).set({ authorizationTerms: terms, updatedAt: new Date() }).where(eq(appSettings.id, "app"));
    await recordAudit(tx, {
      actor,
      action: "settings.authorization_terms",
      entityType: "settings",
      entityId: null,
      before: { terms: before?.terms ?? null },
      after: { terms },
    });
    return { terms, customized: true };
  });
}
