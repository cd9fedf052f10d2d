import "server-only";
import { z } from "zod";
import { type apiPageQuerySchema, type apiLetterPageSchema } from "@/features/api/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { pagePortalLetters } from "@/features/attestations/server";
import type { ApiCaller } from "../token-auth";
import { decodeCursor, encodeCursor } from "./cursor";

const letterCursorSchema = z.object({ t: z.iso.datetime(), i: uuidSchema });

/** GET /api/v1/attestation-letters: the company's letters and their state, newest first, a page at a time. */
export async function apiListLetters(
  db: DbOrTx,
  caller: ApiCaller,
  q: z.output<typeof apiPageQuerySchema>,
): Promise<z.output<typeof apiLetterPageSchema>> {
  const after = decodeCursor(letterCursorSchema, q.cursor);
  const { items, next } = await pagePortalLetters(db, {
    actor: caller.actor,
    after: after ? { issuedAt: after.t, id: after.i } : null,
    limit: q.limit,
  });
  return {
    data: items.map((l) => ({
      id: l.id,
      projectId: l.projectId,
      code: l.code,
      verifyUrl: l.verifyUrl,
      state: l.state,
      issuedAt: l.issuedAt.toISOString(),
      supersededAt: l.supersededAt?.toISOString() ?? null,
      revokedAt: l.revokedAt?.toISOString() ?? null,
    })),
    nextCursor: next ? encodeCursor({ t: next.issuedAt, i: next.id }) : null,
  };
}
