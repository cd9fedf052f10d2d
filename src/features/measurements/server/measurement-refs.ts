import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import { findingMeasurements } from "./schema/measurements";

// What other slices read of the measurements in their own statements (the evidence packs' targets,
// tools and judges): one subquery, joined on `findingId` with the findings door's `findingFacts`.
// No scope of its own, like the rest of this door: the caller keeps to the findings it may read.

/**
 * The measurements' facts (source, counts, target, the hashes that pin it, probe, detector, judge,
 * when), as a subquery the caller joins on `findingId` or selects from, in its own statement.
 */
export const measurementFacts = (db: DbOrTx) =>
  db
    .select({
      measurementId: findingMeasurements.id,
      findingId: findingMeasurements.findingId,
      source: findingMeasurements.source,
      trials: findingMeasurements.trials,
      successes: findingMeasurements.successes,
      provider: findingMeasurements.provider,
      modelId: findingMeasurements.modelId,
      modelVersion: findingMeasurements.modelVersion,
      systemPromptSha256: findingMeasurements.systemPromptSha256,
      toolManifestSha256: findingMeasurements.toolManifestSha256,
      guardrailConfigSha256: findingMeasurements.guardrailConfigSha256,
      probe: findingMeasurements.probe,
      detector: findingMeasurements.detector,
      judgeName: findingMeasurements.judgeName,
      judgeVersion: findingMeasurements.judgeVersion,
      judgeModel: findingMeasurements.judgeModel,
      measuredAt: findingMeasurements.measuredAt,
    })
    .from(findingMeasurements)
    .as("measurement_facts");
