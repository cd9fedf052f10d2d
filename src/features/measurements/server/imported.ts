import "server-only";
import { sql } from "drizzle-orm";
import type { AdminActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findingMeasurements } from "./schema/measurements";
import type { MeasurementTarget } from "./rows";

/** One imported finding's counts, by its fingerprint in the engagement. */
export type ImportMeasurement = {
  fingerprint: string;
  trials: number;
  successes: number;
  turnsUsed?: number | null;
  turnBudget?: number | null;
  seedPrompts?: number | null;
  effectiveTrials?: number | null;
} & MeasurementTarget;

/**
 * An applied import's measurements, one per finding it counted (the findings slice has found each
 * fingerprint's finding), a statement per 5,000. The run key is the file's SHA-256: the same file
 * imported again finds its rows there and adds none (an unchanged file writes only the import's own
 * rows), while a later run's file adds new ones.
 */
export async function insertImportMeasurements(
  tx: DbOrTx,
  {
    actor,
    importId,
    runKey,
    items,
  }: { actor: AdminActor; importId: string; runKey: string; items: (Omit<ImportMeasurement, "fingerprint"> & { findingId: string })[] },
) {
  for (let i = 0; i < items.length; i += 5000)
    await tx.execute(sql`
      insert into ${findingMeasurements} (finding_id, source, trials, successes, provider, model_id, model_version, probe, detector,
                                          turns_used, turn_budget, seed_prompts, effective_trials,
                                          import_id, run_key, recorded_by, recorded_by_name)
      select x."findingId", 'import', x.trials, x.successes, x.provider, x."modelId", x."modelVersion", x.probe, x.detector,
             x."turnsUsed", x."turnBudget", x."seedPrompts", x."effectiveTrials",
             ${importId}::uuid, ${runKey}, ${actor.userId}, ${actor.name}
        from jsonb_to_recordset(${JSON.stringify(items.slice(i, i + 5000))}::jsonb) as x(
               "findingId" uuid, trials integer, successes integer, provider text, "modelId" text, "modelVersion" text, probe text, detector text,
               "turnsUsed" integer, "turnBudget" integer, "seedPrompts" integer, "effectiveTrials" double precision)
      on conflict (finding_id, run_key) where run_key is not null do nothing`);
}
