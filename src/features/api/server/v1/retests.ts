import "server-only";
import { z } from "zod";
import { type apiRetestsQuerySchema, type apiRetestPageSchema } from "@/features/api/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { pageClientRetests } from "@/features/findings/server";
import type { ApiCaller } from "../token-auth";
import { decodeCursor, encodeCursor } from "./cursor";

const retestCursorSchema = z.object({ t: z.iso.datetime(), i: uuidSchema });

/** GET /api/v1/retests: the company's retest requests and their results, newest first, a page at a time. */
export async function apiListRetests(
  db: DbOrTx,
  caller: ApiCaller,
  q: z.output<typeof apiRetestsQuerySchema>,
): Promise<z.output<typeof apiRetestPageSchema>> {
  const after = decodeCursor(retestCursorSchema, q.cursor);
  const { items, next } = await pageClientRetests(db, {
    actor: caller.actor,
    open: q.open,
    after: after ? { requestedAt: after.t, id: after.i } : null,
    limit: q.limit,
  });
  return { data: items, nextCursor: next ? encodeCursor({ t: next.requestedAt, i: next.id }) : null };
}
