import "server-only";
import { z } from "zod";
import { type apiAccessLogQuerySchema, type apiAccessLogPageSchema } from "@/features/api/validation";
import type { DbOrTx } from "@/server/core/db/client";
import { latestSignedHeads, pageClientAccessLog } from "@/features/audit/server";
import type { ApiCaller } from "../token-auth";
import { decodeCursor, encodeCursor } from "./cursor";

/**
 * GET /api/v1/access-log: the firm's accesses to the company's data, newest first, with each
 * entry's place in the hash chain and the chain's newest signed head (access-log:read, an owner's read).
 */
export async function apiListAccessLog(
  db: DbOrTx,
  caller: ApiCaller,
  q: z.output<typeof apiAccessLogQuerySchema>,
): Promise<z.output<typeof apiAccessLogPageSchema>> {
  const before = decodeCursor(z.number().int().positive(), q.cursor);
  const { items, next } = await pageClientAccessLog(db, { actor: caller.actor, before, limit: q.limit, kind: q.kind });
  const [head] = await latestSignedHeads(db, [caller.actor.clientId]);
  return {
    data: items,
    nextCursor: next === null ? null : encodeCursor(next),
    signedHead: head ? { seq: head.seq, hash: head.hash, jws: head.jws, signedAt: head.signedAt.toISOString() } : null,
  };
}
