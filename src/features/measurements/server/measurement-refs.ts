import "server-only";
import { type SQL, sql } from "drizzle-orm";
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

/**
 * Per finding among `findingIds` (a subquery of ids) and per target model, the version its latest
 * measurement names, as a derived table (finding_id, provider, model_id, model_version). A
 * measurement that names no model is of no target and is left out.
 */
export const latestModelVersionsSql = (findingIds: SQL): SQL => sql`(
  select distinct on (m.finding_id, m.provider, m.model_id) m.finding_id, m.provider, m.model_id, m.model_version
    from finding_measurements m
   where m.finding_id in (${findingIds}) and m.model_id is not null
   order by m.finding_id, m.provider, m.model_id, m.measured_at desc, m.created_at desc)`;

/**
 * Per target model of the engagement, the version recorded as running now, with who recorded it and
 * when, as a derived table (provider, model_id, model_version, recorded_by_name, created_at).
 */
export const runningModelVersionsSql = (projectId: string): SQL => sql`(
  select distinct on (v.provider, v.model_id) v.provider, v.model_id, v.model_version, v.recorded_by_name, v.created_at
    from engagement_model_versions v
   where v.project_id = ${projectId}::uuid
   order by v.provider, v.model_id, v.created_at desc, v.id desc)`;
