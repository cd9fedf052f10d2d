import "server-only";
import type { z } from "zod";
import { apiPageQuerySchema, type apiProjectPageSchema } from "@/features/api/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { parseInput } from "@/server/core/handler";
import { pageClientProjects } from "@/features/projects/server";
import type { ApiCaller } from "../token-auth";
import { decodeCursor, encodeCursor } from "./cursor";

/** GET /api/v1/projects: the company's engagements, by id, a page at a time (no invoice figures). */
export async function apiListProjects(
  db: DbOrTx,
  caller: ApiCaller,
  query: Record<string, string>,
): Promise<z.output<typeof apiProjectPageSchema>> {
  const q = parseInput(apiPageQuerySchema, query);
  const after = decodeCursor(uuidSchema, q.cursor);
  const { items, next } = await pageClientProjects(db, { actor: caller.actor, after, limit: q.limit });
  return { data: items, nextCursor: next ? encodeCursor(next) : null };
}
