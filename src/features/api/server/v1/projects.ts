import "server-only";
import type { z } from "zod";
import { type apiPageQuerySchema, type apiProjectPageSchema } from "@/features/api/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { pageClientProjects } from "@/features/projects/server";
import type { ApiCaller } from "../token-auth";
import { decodeCursor, encodeCursor } from "./cursor";

/** GET /api/v1/projects: the company's engagements, by id, a page at a time (no invoice figures). */
export async function apiListProjects(
  db: DbOrTx,
  caller: ApiCaller,
  q: z.output<typeof apiPageQuerySchema>,
): Promise<z.output<typeof apiProjectPageSchema>> {
  const after = decodeCursor(uuidSchema, q.cursor);
  const { items, next } = await pageClientProjects(db, { actor: caller.actor, after, limit: q.limit });
  return { data: items, nextCursor: next ? encodeCursor(next) : null };
}
