import "server-only";
import type { z } from "zod";
import { apiRerunBodySchema, type apiRerunSchema } from "@/features/api/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { Db } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { parseInput } from "@/server/core/handler";
import { recordRerun } from "@/features/findings/server";
import type { ApiCaller } from "../token-auth";

/**
 * POST /api/v1/projects/{id}/runs: the company's CI posts a scheduled re-run of an engagement
 * target's reproducers (docs/PRODUCT.md#measured-ai-findings), through the function the firm's
 * import calls; the portal compares it with the previous run on the same model version.
 */
export async function apiRecordRerun(
  db: Db,
  caller: ApiCaller,
  params: Record<string, string | string[]>,
  body: unknown,
): Promise<z.output<typeof apiRerunSchema>> {
  const projectId = String(params.id);
  // A malformed id is missing like another company's engagement.
  if (!uuidSchema.safeParse(projectId).success) throw new AppError("not_found", "Engagement not found");
  const input = parseInput(apiRerunBodySchema, body);
  const run = await recordRerun(db, { actor: caller.actor, projectId, input });
  return { data: { id: run.id, projectId, findings: run.findings, regressed: run.regressed } };
}
