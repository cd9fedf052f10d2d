import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { auditChainHeads, auditChainSignedHeads, auditLog } from "./schema";
import { FIRM_ACCESS_ACTIONS } from "./access-actions";
import { auditPorts } from "./ports";

/** The "previous hash" of a chain's first entry. */
export const GENESIS_HASH = "0".repeat(64);

const ACCESS_ACTIONS: ReadonlySet<string> = new Set(FIRM_ACCESS_ACTIONS);

/** The audit_log columns an entry's hash covers: what the access log shows of it, and its place. */
export const chainColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorUserId: auditLog.actorUserId,
  actorName: auditLog.actorName,
  actorEmail: auditLog.actorEmail,
  hashVersion: auditLog.hashVersion,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  clientId: auditLog.clientId,
  after: auditLog.after,
};
export type ChainEntry = {
  id: number;
  createdAt: Date;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  hashVersion: number;
  action: string;
  entityType: string;
  entityId: string | null;
  clientId: string | null;
  after: unknown;
};

/** Whether an entry belongs to its company's chain: exactly the entries the company's access log shows. */
export function isChained(entry: { clientId?: string | null; action: string }): entry is { clientId: string; action: string } {
  return Boolean(entry.clientId) && ACCESS_ACTIONS.has(entry.action);
}

/** The company's chain entries: the same set as the access log's (access-log.ts). */
export const chainOf = (clientId: string) => and(eq(auditLog.clientId, clientId), inArray(auditLog.action, [...FIRM_ACCESS_ACTIONS]));

/** JSON with object keys sorted at every level, so the same entry always serialises to the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The hash version every entry is written with now: the actor's name and e-mail are hashed too. */
export const CURRENT_HASH_VERSION = 2;

/**
 * The text an entry's hash covers: its place, id, time, actor, action, target and details (`after`,
 * which holds the item's name and the view flag), the time to the millisecond as the log shows it.
 * From version 2 also the version and the actor's name and e-mail as written; version 1 (entries
 * written before the name was stored) keeps its text, so those hashes never change.
 */
export function hashedText(seq: number, entry: ChainEntry): string {
  const fields = {
    seq,
    id: entry.id,
    at: entry.createdAt.toISOString(),
    actor: entry.actorUserId,
    action: entry.action,
    target: { type: entry.entityType, id: entry.entityId },
    client: entry.clientId,
    after: entry.after,
  };
  if (entry.hashVersion < 2) return canonicalJson(fields);
  return canonicalJson({ ...fields, v: entry.hashVersion, who: { name: entry.actorName, email: entry.actorEmail } });
}

/** SHA-256 (hex) of the previous hash followed by the entry's canonical text (`hashedText`). */
export function linkHash(previousHash: string, seq: number, entry: ChainEntry): string {
  return createHash("sha256").update(previousHash).update(hashedText(seq, entry)).digest("hex");
}

/** The actor's name and e-mail as they are now, stored on the entry written now. */
export async function actorIdentity(db: DbOrTx, userId: string | null): Promise<{ actorName: string | null; actorEmail: string | null }> {
  if (!userId) return { actorName: null, actorEmail: null };
  const { users } = await auditPorts();
  const [row] = await db.select({ name: users.name, email: users.email }).from(users.from).where(eq(users.id, userId)).limit(1);
  return { actorName: row?.name || null, actorEmail: row?.email ?? null };
}

/**
 * Locks the company's head row (creating it at the genesis) until the caller's transaction ends and
 * answers where the chain stands: two writers for one company, on any instance, take turns here.
 */
async function lockHead(db: DbOrTx, clientId: string): Promise<{ seq: number; hash: string }> {
  const [head] = await db
    .insert(auditChainHeads)
    .values({ clientId, seq: 0, hash: GENESIS_HASH, checkpointHash: GENESIS_HASH })
    .onConflictDoUpdate({ target: auditChainHeads.clientId, set: { seq: sql`${auditChainHeads.seq}` } })
    .returning({ seq: auditChainHeads.seq, hash: auditChainHeads.hash });
  return head!;
}

/**
 * Links freshly written entries into their companies' chains (entries of no chain are left alone),
 * in the caller's transaction. Per entry: the head's lock (once per company) and one statement
 * writing the entry's place and hash together with the new head; never a read of the chain.
 * Companies are locked in a fixed order, so two writers naming the same companies cannot deadlock.
 */
export async function linkEntries(db: DbOrTx, entries: readonly ChainEntry[]): Promise<void> {
  const byCompany = new Map<string, ChainEntry[]>();
  for (const entry of entries) if (isChained(entry)) byCompany.set(entry.clientId!, [...(byCompany.get(entry.clientId!) ?? []), entry]);
  for (const clientId of [...byCompany.keys()].sort()) {
    let { seq, hash } = await lockHead(db, clientId);
    for (const entry of byCompany.get(clientId)!) {
      seq += 1;
      hash = linkHash(hash, seq, entry);
      await db.execute(sql`
        with linked as (update ${auditLog} set chain_seq = ${seq}, chain_hash = ${hash} where id = ${entry.id})
        update ${auditChainHeads} set seq = ${seq}, hash = ${hash}, entry_id = ${entry.id}, updated_at = now()
         where client_id = ${clientId}`);
    }
  }
}

/**
 * Links the access-log entries not yet in a chain, oldest first: the entries written before the
 * chain existed (the first start after the migration) and any written around the module. Runs at
 * start-up and before the daily signing; a company's head lock makes it safe beside live writes.
 * An entry dated at or before the company's newest signed head is never linked: every entry the
 * module writes is linked when written, so one that old was planted around the chain after the
 * head was signed; it stays outside, where the check names it.
 */
export async function linkUnchainedEntries(db: DbOrTx): Promise<number> {
  const companies = await db
    .selectDistinct({ clientId: auditLog.clientId })
    .from(auditLog)
    .where(and(isNotNull(auditLog.clientId), isNull(auditLog.chainSeq), inArray(auditLog.action, [...FIRM_ACCESS_ACTIONS])));
  let linked = 0;
  for (const { clientId } of companies) {
    await db.transaction(async (tx) => {
      await lockHead(tx, clientId!);
      const rows = await tx
        .select(chainColumns)
        .from(auditLog)
        .where(
          and(
            chainOf(clientId!),
            isNull(auditLog.chainSeq),
            sql`${auditLog.createdAt} > coalesce((select max(s.signed_at) from ${auditChainSignedHeads} s where s.client_id = ${clientId}), '-infinity'::timestamptz)`,
          ),
        )
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
      await linkEntries(tx, rows);
      linked += rows.length;
    });
  }
  return linked;
}
