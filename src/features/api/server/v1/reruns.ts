import "server-only";
import type { z } from "zod";
import type { apiRerunBodySchema, apiRerunSchema } from "@/features/api/validation";
import type { Db } from "@/server/core/db/client";
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
  projectId: string,
  input: z.output<typeof apiRerunBodySchema>,
): Promise<z.output<typeof apiRerunSchema>> {
  const run = await recordRerun(db, { actor: caller.actor, projectId, input });
  return { data: { id: run.id, projectId, findings: run.findings, regressed: run.regressed } };
}
