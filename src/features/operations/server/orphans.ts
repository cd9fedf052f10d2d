import "server-only";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/core/db/client";
import type { DocumentStorage } from "@/server/core/storage/storage";
import { sealedAuthorizationKeys } from "@/features/authorizations/server";
import { documentStoredKeys } from "@/features/documents/server";
import { evidenceStoredKeys } from "@/features/findings/server";
import { importStoredKeys } from "@/features/imports/server";
import { attachmentStoredKeys } from "@/features/messages/server";
import { reportStoredKeys } from "@/features/reports/server";
import { templateStoredKeys } from "@/features/settings/server";
import { confirmStorageOwner } from "./ownership";

// An upload stores its object first and writes its row after (src/server/core/uploads): a crash in
// between (a killed instance, a lost database connection) leaves an object no row points at,
// never a row whose object is missing. This sweep removes such objects once they are old enough
// that no upload can still be about to write their row. Only the store's owner sweeps
// (ownership.ts): any other database would take the owner's newer objects for orphans.

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const PREFIX = "documents/";
const BATCH = 500;

/** Keys among `keys` that a document, a message attachment, a finding's evidence, a report, a pending import, a sealed authorization or the firm's report template refers to. */
async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  const list = sql`select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)`;
  const owners = [
    documentStoredKeys,
    attachmentStoredKeys,
    evidenceStoredKeys,
    reportStoredKeys,
    importStoredKeys,
    sealedAuthorizationKeys,
    templateStoredKeys,
  ];
  const result = (await db.execute(
    sql.join(
      owners.map((storedKeys) => storedKeys(list)),
      sql` union `,
    ),
  )) as unknown as { rows: { storage_key: string }[] };
  return new Set(result.rows.map((r) => r.storage_key));
}

/**
 * Removes stored objects older than `minAgeMs` that no row refers to, when this database owns the
 * store; returns the removed keys. Otherwise removes nothing and logs why, once.
 */
export async function sweepOrphanedObjects(
  db: Db,
  storage: DocumentStorage,
  { minAgeMs = ORPHAN_MIN_AGE_MS, now = new Date() } = {},
): Promise<string[]> {
  const ownership = await confirmStorageOwner(db, storage, now);
  if (!ownership.owner) {
    console.warn(`[storage] orphan sweep skipped: ${ownership.reason}`);
    return [];
  }
  const cutoff = now.getTime() - minAgeMs;
  const removed: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    const kept = await referencedKeys(db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      removed.push(key);
    }
    batch = [];
  };
  for await (const object of storage.list(PREFIX)) {
    // The owner's marker (and anything else named with a dot, which no upload is) is not a document.
    if (object.key.startsWith(`${PREFIX}.`) || object.modifiedAt.getTime() > cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  if (removed.length > 0) console.info(`[storage] removed ${removed.length} orphaned object(s)`);
  return removed;
}
