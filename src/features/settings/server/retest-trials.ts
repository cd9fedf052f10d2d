import "server-only";
import { eq } from "drizzle-orm";
import { DEFAULT_MIN_RETEST_TRIALS } from "@/lib/domain/finding-measurement";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { APP_SETTINGS_ID, appSettings } from "./schema";
import { recordAudit } from "@/features/audit/server";

// The trials an AI finding's retest needs, with no success, to be Verified Fixed
// (docs/PRODUCT.md#measured-ai-findings): the default until the firm saves its own.

export async function getMinRetestTrials(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ minTrials: appSettings.minRetestTrials })
    .from(appSettings)
    .where(eq(appSettings.id, APP_SETTINGS_ID))
    .limit(1);
  return row?.minTrials ?? DEFAULT_MIN_RETEST_TRIALS;
}

/** Saves the minimum (audited with the old and new values). */
export async function setMinRetestTrials(db: Db, { actor, minTrials }: { actor: AdminActor; minTrials: number }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await tx.insert(appSettings).values({ id: APP_SETTINGS_ID }).onConflictDoNothing();
    const [before] = await tx
      .select({ minTrials: appSettings.minRetestTrials })
      .from(appSettings)
      .where(eq(appSettings.id, APP_SETTINGS_ID))
      .for("update");
    if (before?.minTrials === minTrials) return { minTrials };
    await tx.update(appSettings).set({ minRetestTrials: minTrials, updatedAt: new Date() }).where(eq(appSettings.id, APP_SETTINGS_ID));
    await recordAudit(tx, {
      actor,
      action: "settings.min_retest_trials",
      entityType: "settings",
      entityId: null,
      before: { minTrials: before?.minTrials ?? DEFAULT_MIN_RETEST_TRIALS },
      after: { minTrials },
    });
    return { minTrials };
  });
}
