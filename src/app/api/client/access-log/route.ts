// GET /api/client/access-log?page=&kind= → { success, rows, total, page, pageSize, integrity, signedHead }: the firm's accesses to the company's data,
// newest first, the check of its hash chain recomputed now, and the newest signed head (signed daily) for the owner to keep (owners; a viewing admin sees as an owner).
import { accessLogQuerySchema } from "@/features/reports/validation";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withClientRead } from "@/features/identity/server";
import { latestSignedHeads, listClientAccessLog, verifyClientAccessChain } from "@/features/audit/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (request, { actor }) => {
  const { page, kind } = parseInput(accessLogQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const log = await listClientAccessLog(getDb(), { actor, page, kind });
  const check = await verifyClientAccessChain(getDb(), { actor });
  const integrity = check.ok
    ? { ok: true as const, entries: check.entries }
    : { ok: false as const, entryId: check.entryId, reason: check.reason };
  const [head] = await latestSignedHeads(getDb(), [actor.clientId]);
  const signedHead = head ? { seq: head.seq, hash: head.hash, jws: head.jws, signedAt: head.signedAt.toISOString() } : null;
  return Response.json({ success: true, ...log, integrity, signedHead }, { headers: { "Cache-Control": "private, no-store" } });
});
