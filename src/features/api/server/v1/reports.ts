import "server-only";
import type { z } from "zod";
import { type apiPageQuerySchema, type apiReportPageSchema } from "@/features/api/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { pageClientReports } from "@/features/reports/server";
import type { ApiCaller } from "../token-auth";
import { decodeCursor, encodeCursor } from "./cursor";

/** GET /api/v1/reports: the company's available reports (metadata only), by id, a page at a time. */
export async function apiListReports(
  db: DbOrTx,
  caller: ApiCaller,
  q: z.output<typeof apiPageQuerySchema>,
): Promise<z.output<typeof apiReportPageSchema>> {
  const after = decodeCursor(uuidSchema, q.cursor);
  const { items, next } = await pageClientReports(db, { actor: caller.actor, after, limit: q.limit });
  return { data: items, nextCursor: next ? encodeCursor(next) : null };
}
