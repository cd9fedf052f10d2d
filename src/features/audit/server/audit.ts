import "server-only";
import { type Actor, personIdOf, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { auditLog } from "./schema";
import { AppError } from "@/server/core/errors";
import { actorIdentity, chainColumns, CURRENT_HASH_VERSION, isChained, linkEntries } from "./chain";

/**
 * Records an admin action (who, what, when, before/after). Call it inside the same transaction as
 * the change, so the log and the data never disagree.
 */
export async function recordAudit(
  db: DbOrTx,
  entry: {
    actor: (Pick<Actor, "userId"> & { viewer?: unknown; machine?: unknown }) | null;
    action: string;
    entityType: string;
    entityId?: string | null;
    /** The client company the entry concerns, for its owners' access log. */
    clientId?: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  // A last line behind the guards: a write made with a viewing admin's read-only actor never lands.
  if (entry.actor?.viewer) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  const actorUserId = entry.actor ? personIdOf(entry.actor) : null;
  const row = {
    actorUserId,
    ...(await actorIdentity(db, actorUserId)),
    hashVersion: CURRENT_HASH_VERSION,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    clientId: entry.clientId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
  if (!isChained(row)) {
    await db.insert(auditLog).values(row);
    return;
  }
  // An entry of a company's access log (the start and end of a view) joins its hash chain with it.
  await db.transaction(async (tx) => linkEntries(tx, await tx.insert(auditLog).values(row).returning(chainColumns)));
}

/** An entry as it is stored: what `insertAuditEntries` writes. */
export type AuditEntryRow = typeof auditLog.$inferInsert;

/**
 * Entries written as given, in one statement: a batch of changes made together (Square's customer
 * links, whose actor's identity is not looked up), or the demo's past entries with their time. An
 * entry of a company's access log joins its chain only when the caller links it (linkUnchainedEntries).
 */
export async function insertAuditEntries(db: DbOrTx, rows: AuditEntryRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}
