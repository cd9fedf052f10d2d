import "server-only";
import { and, desc, eq, gt, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { auditChainHeads, auditChainSignedHeads, auditLog } from "./schema";
import { signJws } from "@/features/signing/server";
import { FIRM_ACCESS_ACTIONS } from "./access-actions";
import { auditPorts } from "./ports";
import { linkUnchainedEntries } from "./chain";
import { CHECKPOINT_JWS_TYPE, HEAD_JWS_TYPE, type SignedChainPoint } from "./chain-verify";

/** A head just signed: the company's chain up to entry `seq`, whose hash is `hash`. */
export type SignedHead = { clientId: string; seq: number; hash: string };

/**
 * Signs the head of every company's chain that moved since its last signed head (the daily task,
 * modules/operations), after linking any entry still outside its chain. Returns the heads signed.
 */
export async function signChainHeads(db: DbOrTx, now: Date = new Date()): Promise<SignedHead[]> {
  await linkUnchainedEntries(db);
  const heads = await db
    .select({
      clientId: auditChainHeads.clientId,
      seq: auditChainHeads.seq,
      hash: auditChainHeads.hash,
      entryId: auditChainHeads.entryId,
      checkpointSeq: auditChainHeads.checkpointSeq,
      checkpointHash: auditChainHeads.checkpointHash,
    })
    .from(auditChainHeads)
    .where(
      and(
        gt(auditChainHeads.seq, 0),
        sql`not exists (select 1 from ${auditChainSignedHeads} s where s.client_id = ${auditChainHeads.clientId} and s.seq = ${auditChainHeads.seq} and s.hash = ${auditChainHeads.hash})`,
      ),
    );
  for (const head of heads) {
    const point: SignedChainPoint = {
      companyId: head.clientId,
      seq: head.seq,
      entryId: head.entryId,
      hash: head.hash,
      signedAt: now.toISOString(),
      checkpoint: { seq: head.checkpointSeq, hash: head.checkpointHash },
    };
    const jws = await signJws(db, point, HEAD_JWS_TYPE);
    await db.insert(auditChainSignedHeads).values({ clientId: head.clientId, seq: head.seq, hash: head.hash, jws, signedAt: now });
  }
  return heads.map(({ clientId, seq, hash }) => ({ clientId, seq, hash }));
}

export type LatestSignedHead = { clientId: string; company: string; seq: number; hash: string; jws: string; signedAt: Date };

/** Each active company's latest signed head, for the owners' weekly digest (modules/notifications). */
export async function latestSignedHeads(db: DbOrTx, clientIds?: readonly string[]): Promise<LatestSignedHead[]> {
  const { companies } = await auditPorts();
  return db
    .selectDistinctOn([auditChainSignedHeads.clientId], {
      clientId: auditChainSignedHeads.clientId,
      company: companies.company,
      seq: auditChainSignedHeads.seq,
      hash: auditChainSignedHeads.hash,
      jws: auditChainSignedHeads.jws,
      signedAt: auditChainSignedHeads.signedAt,
    })
    .from(auditChainSignedHeads)
    .innerJoin(companies.from, eq(companies.id, auditChainSignedHeads.clientId))
    .where(and(eq(companies.status, "active"), clientIds ? inArray(auditChainSignedHeads.clientId, [...clientIds]) : undefined))
    .orderBy(auditChainSignedHeads.clientId, desc(auditChainSignedHeads.signedAt), desc(auditChainSignedHeads.id));
}

/**
 * Removes the audit entries older than `cutoff` (AUDIT_RETENTION_DAYS, modules/operations) without
 * breaking any company's chain: a chain loses only a run of its first entries all older than the
 * cutoff, and its head row first records the last removed entry's number and hash as the new
 * starting point, signed (a checkpoint). Entries of no chain go by their time alone. Run it in
 * one transaction with the rest of the retention. Returns the number of entries removed.
 */
export async function pruneAuditLog(db: DbOrTx, cutoff: Date): Promise<number> {
  const chained = and(isNotNull(auditLog.clientId), inArray(auditLog.action, [...FIRM_ACCESS_ACTIONS]), isNotNull(auditLog.chainSeq));
  const companies = await db
    .selectDistinct({ clientId: auditLog.clientId })
    .from(auditLog)
    .where(and(chained, lt(auditLog.createdAt, cutoff)));
  let removed = 0;
  for (const { clientId } of companies) {
    const company = clientId!;
    // The cut: just before the first entry that is to stay (entries written concurrently may be
    // numbered slightly out of time order), so no hole opens inside the chain.
    const [keep] = await db
      .select({ seq: sql<number | null>`min(${auditLog.chainSeq})` })
      .from(auditLog)
      .where(and(chained, eq(auditLog.clientId, company), sql`${auditLog.createdAt} >= ${cutoff}`));
    const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.clientId, company)).for("update");
    if (!head) continue;
    const cutSeq = keep?.seq === null || keep?.seq === undefined ? head.seq : Number(keep.seq) - 1;
    if (cutSeq <= head.checkpointSeq) continue;
    const [last] = await db
      .select({ id: auditLog.id, hash: auditLog.chainHash })
      .from(auditLog)
      .where(and(chained, eq(auditLog.clientId, company), eq(auditLog.chainSeq, cutSeq)));
    if (!last?.hash) continue; // a chain already broken there: left for its check to report
    const point: SignedChainPoint = {
      companyId: company,
      seq: cutSeq,
      entryId: last.id,
      hash: last.hash,
      signedAt: new Date().toISOString(),
    };
    const jws = await signJws(db, point, CHECKPOINT_JWS_TYPE);
    await db
      .update(auditChainHeads)
      .set({ checkpointSeq: cutSeq, checkpointHash: last.hash, checkpointJws: jws, updatedAt: new Date() })
      .where(eq(auditChainHeads.clientId, company));
    const gone = await db
      .delete(auditLog)
      .where(and(chained, eq(auditLog.clientId, company), lte(auditLog.chainSeq, cutSeq)))
      .returning({ id: auditLog.id });
    removed += gone.length;
  }
  // Everything else by its time: entries of no chain (other actions, deleted companies' entries).
  const others = await db
    .delete(auditLog)
    .where(
      and(
        lt(auditLog.createdAt, cutoff),
        sql`not (${auditLog.clientId} is not null and ${auditLog.chainSeq} is not null and ${inArray(auditLog.action, [...FIRM_ACCESS_ACTIONS])})`,
      ),
    )
    .returning({ id: auditLog.id });
  return removed + others.length;
}
