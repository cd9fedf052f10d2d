import "server-only";
import type { z } from "zod";
import type { apiInterchangeAnswerSchema, apiInterchangeQuerySchema } from "@/features/api/validation";
import type { DbOrTx } from "@/server/core/db/client";
import { exportClientInterchange } from "@/features/exports/server";
import type { ApiCaller } from "../token-auth";

/** GET /api/v1/exports/findings: the company's published findings of a filter in another tool's format (docs/PRODUCT.md#exports). */
export async function apiExportFindings(
  db: DbOrTx,
  caller: ApiCaller,
  query: z.output<typeof apiInterchangeQuerySchema>,
): Promise<z.output<typeof apiInterchangeAnswerSchema>> {
  const file = await exportClientInterchange(db, { actor: caller.actor, query });
  return { data: file.data as z.output<typeof apiInterchangeAnswerSchema>["data"] };
}
