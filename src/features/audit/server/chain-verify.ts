import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { assertClient, assertClientOwner, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { auditChainHeads, auditLog } from "./schema";
import { verifyJws } from "@/features/signing/server";
import { chainColumns, chainOf, GENESIS_HASH, linkHash } from "./chain";

/** The `typ` of a signed chain head (the daily one the owners receive) and of a retention checkpoint. */
export const HEAD_JWS_TYPE = "access-log-head+jws";
export const CHECKPOINT_JWS_TYPE = "access-log-checkpoint+jws";

/**
 * What a signed head or checkpoint states about a company's chain. A head also states the chain's
 * retention checkpoint at signing time, so a kept head shows where the chain was allowed to start.
 */
export type SignedChainPoint = {
  companyId: string;
  seq: number;
  entryId: number | null;
  hash: string;
  signedAt: string;
  checkpoint?: { seq: number; hash: string };
};

/**
 * Whether the head row's checkpoint is the one retention signed: its signature verifies against the
 * firm's keys and names this company, this number and this hash. Without it a database writer could
 * move the checkpoint forward and delete the entries before it (docs/PRODUCT.md#portal-access-log).
 */
async function checkpointHolds(
  db: DbOrTx,
  clientId: string,
  head: { checkpointSeq: number; checkpointHash: string; checkpointJws: string | null },
): Promise<string | null> {
  if (head.checkpointSeq === 0 && head.checkpointHash === GENESIS_HASH && head.checkpointJws === null) return null;
  if (!head.checkpointJws) return `The retention checkpoint at number ${head.checkpointSeq} carries no signature.`;
  const verified = await verifyJws(db, head.checkpointJws, CHECKPOINT_JWS_TYPE);
  const point = verified?.payload as Partial<SignedChainPoint> | undefined;
  if (!point) return `The retention checkpoint's signature does not verify against the firm's keys.`;
  if (point.companyId !== clientId || point.seq !== head.checkpointSeq || point.hash !== head.checkpointHash)
    return `The retention checkpoint at number ${head.checkpointSeq} is not the one retention signed (it signed number ${String(point.seq)}).`;
  return null;
}

export type ChainCheck =
  | { ok: true; entries: number; seq: number; hash: string; checkpointSeq: number }
  /** The first entry that no longer matches (null when what is missing is the chain's end), its number in the chain, and why. */
  | { ok: false; entryId: number | null; seq: number; reason: string };

/**
 * Recomputes a company's chain from its checkpoint (the genesis, or where retention cut it) and
 * answers ok, or the first entry that no longer matches: one whose fields changed since it was
 * written, one that follows a removed entry, one written out of the chain, or a chain that stops
 * before its recorded head (its last entries removed).
 */
export async function verifyAccessChain(db: DbOrTx, clientId: string): Promise<ChainCheck> {
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.clientId, clientId));
  const forged = head ? await checkpointHolds(db, clientId, head) : null;
  if (forged) return { ok: false, entryId: null, seq: head!.checkpointSeq, reason: forged };
  const checkpointSeq = head?.checkpointSeq ?? 0;
  let hash = head?.checkpointHash ?? GENESIS_HASH;
  let seq = checkpointSeq;
  const rows = await db
    .select({ ...chainColumns, chainSeq: auditLog.chainSeq, chainHash: auditLog.chainHash })
    .from(auditLog)
    .where(chainOf(clientId))
    .orderBy(sql`${auditLog.chainSeq} asc nulls last`, asc(auditLog.id));
  for (const row of rows) {
    const fail = (reason: string): ChainCheck => ({ ok: false, entryId: row.id, seq: row.chainSeq ?? seq + 1, reason });
    if (row.chainSeq === null) return fail(`Entry ${row.id} is not in the chain (written around it).`);
    if (row.chainSeq > seq + 1) return fail(`Entry ${row.id} follows a removed entry (number ${seq + 1} of the chain is missing).`);
    if (row.chainSeq <= seq) return fail(`Entry ${row.id} repeats number ${row.chainSeq} of the chain.`);
    seq = row.chainSeq;
    hash = linkHash(hash, seq, row);
    if (hash !== row.chainHash) return fail(`Entry ${row.id} no longer matches its hash: it was changed after it was written.`);
  }
  if (head && head.seq > seq)
    return {
      ok: false,
      entryId: head.entryId,
      seq: seq + 1,
      reason: `The chain ends at number ${seq} but its head is number ${head.seq} (entry ${head.entryId}): its last entries were removed.`,
    };
  return { ok: true, entries: seq - checkpointSeq, seq, hash, checkpointSeq };
}

/** The chain check of the actor's company, for its access log. Owners only. */
export async function verifyClientAccessChain(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<ChainCheck> {
  assertClient(actor);
  assertClientOwner(actor);
  return verifyAccessChain(db, actor.clientId);
}

/** A signed head's statement when the token verifies against the firm's keys (and is of that kind), else null. */
export async function readSignedHead(db: DbOrTx, token: string): Promise<SignedChainPoint | null> {
  const verified = await verifyJws(db, token.trim(), HEAD_JWS_TYPE);
  const payload = verified?.payload as Partial<SignedChainPoint> | undefined;
  if (!payload || typeof payload.companyId !== "string" || typeof payload.seq !== "number" || typeof payload.hash !== "string") return null;
  return payload as SignedChainPoint;
}

/**
 * Checks a company's chain and that it holds a signed head a client sent back: the token verifies
 * against the firm's keys, names this company, and the chain's entry at its number has its hash
 * (or, when retention removed that entry, the signed checkpoint is that very entry).
 */
export async function verifyAccessChainAgainstHead(db: DbOrTx, clientId: string, token: string): Promise<ChainCheck> {
  const headPoint = await readSignedHead(db, token);
  if (!headPoint) return { ok: false, entryId: null, seq: 0, reason: "The signed head does not verify against the firm's keys." };
  if (headPoint.companyId !== clientId)
    return { ok: false, entryId: headPoint.entryId, seq: headPoint.seq, reason: "The signed head is another company's." };
  const check = await verifyAccessChain(db, clientId);
  if (!check.ok) return check;
  const mismatch = (reason: string): ChainCheck => ({ ok: false, entryId: headPoint.entryId, seq: headPoint.seq, reason });
  if (headPoint.seq > check.seq)
    return mismatch(`The chain ends at number ${check.seq}, before the signed head's number ${headPoint.seq}.`);
  if (headPoint.seq === 0) return check;
  if (headPoint.seq === check.checkpointSeq) {
    const [head] = await db
      .select({ hash: auditChainHeads.checkpointHash })
      .from(auditChainHeads)
      .where(eq(auditChainHeads.clientId, clientId));
    return head?.hash === headPoint.hash
      ? check
      : mismatch(`The retention checkpoint at number ${headPoint.seq} differs from the signed head.`);
  }
  if (headPoint.seq < check.checkpointSeq)
    return mismatch(
      `Number ${headPoint.seq} was removed by retention (the chain starts after number ${check.checkpointSeq}); send a newer signed head.`,
    );
  const [entry] = await db
    .select({ id: auditLog.id, hash: auditLog.chainHash })
    .from(auditLog)
    .where(and(chainOf(clientId), eq(auditLog.chainSeq, headPoint.seq)));
  if (!entry || entry.hash !== headPoint.hash)
    return mismatch(`Entry ${entry?.id ?? headPoint.entryId} at number ${headPoint.seq} no longer has the hash the signed head states.`);
  return check;
}
