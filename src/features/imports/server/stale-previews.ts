import "server-only";
import type { SQL } from "drizzle-orm";
import { storedKeysIn } from "@/server/core/storage/stored-keys";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { findingImports } from "./schema/imports";

/** A previewed import nobody applied within this many days is discarded (and its file swept). */
export const PENDING_IMPORT_KEEP_DAYS = 7;

/**
 * Discards previews left pending for a week (a job: jobs.ts), so the storage sweep removes their
 * files. Safe on several instances: one statement, and a discarded preview is no longer pending.
 */
export async function discardStalePreviews(db: Db): Promise<void> {
  await db
    .update(findingImports)
    .set({ state: "discarded", storageKey: null, decidedAt: sql`now()` })
    .where(
      and(eq(findingImports.state, "pending"), lt(findingImports.createdAt, sql`now() - ${PENDING_IMPORT_KEEP_DAYS} * interval '1 day'`)),
    );
}

/** A pending import keeps its stored object: the keys among `keys` it refers to, for the orphan sweep (operations). */
export const importStoredKeys = (keys: SQL): SQL => storedKeysIn(findingImports.storageKey, keys);
