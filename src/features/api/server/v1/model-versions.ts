import "server-only";
import type { z } from "zod";
import { type apiModelVersionBodySchema, type apiModelVersionSchema } from "@/features/api/validation";
import type { Db } from "@/server/core/db/client";
import { notVerifiedFindings } from "@/features/findings/server";
import { recordModelVersion } from "@/features/measurements/server";
import type { ApiCaller } from "../token-auth";

/**
 * PUT /api/v1/projects/{id}/model-versions: the company's CI says which model version a target of
 * the engagement runs now (docs/PRODUCT.md#measured-ai-findings), through the function the portal's
 * form calls. Saying the current version again adds nothing (changed: false), so a deploy job may
 * call it every time; the answer names the Verified Fixed findings that need a retest on it.
 */
export async function apiRecordModelVersion(
  db: Db,
  caller: ApiCaller,
  projectId: string,
  input: z.output<typeof apiModelVersionBodySchema>,
): Promise<z.output<typeof apiModelVersionSchema>> {
  const { changed, record } = await recordModelVersion(db, { actor: caller.actor, input: { projectId, ...input } });
  const flagged = await notVerifiedFindings(db, { projectId });
  return {
    data: {
      projectId,
      provider: record.provider,
      modelId: record.modelId,
      modelVersion: record.modelVersion,
      recordedAt: record.recordedAt,
      recordedBy: record.recordedByName,
      changed,
      notVerifiedFindingIds: [
        ...new Set(flagged.filter((f) => f.modelId === record.modelId && f.provider === record.provider).map((f) => f.findingId)),
      ],
    },
  };
}
