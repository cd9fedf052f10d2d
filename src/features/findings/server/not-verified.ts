import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { latestModelVersionsSql, runningModelVersionsSql } from "@/features/measurements/server";

// "Not verified on the version you run now" (docs/PRODUCT.md#measured-ai-findings): a fix of a
// jailbreak is shown on one model version, and an upgrade can bring it back. Only Verified Fixed
// findings: an open one is open whatever the version, and a pending retest is already the next
// step. Such a finding may be asked for a retest (workflow.ts). It reads the measurements slice's
// rows (a finding's latest measurement per target, the version the target runs now) in one statement.

/** A Verified Fixed finding last measured on another version than the one the client runs now. */
export type NotVerifiedFinding = {
  findingId: string;
  title: string;
  provider: string | null;
  modelId: string;
  /** The version of its latest measurement on the target. */
  verifiedVersion: string | null;
  currentVersion: string;
  currentRecordedByName: string;
  currentRecordedAt: string;
};

/**
 * The engagement's Verified Fixed findings (or the one named) whose latest measurement on a target
 * names another version than the one recorded as run now there. A measurement that names no model
 * is of no target, and a target without a recorded version flags nothing: there is nothing to
 * compare with. No scope of its own: callers reach the engagement or the finding through theirs.
 */
export async function notVerifiedFindings(
  db: DbOrTx,
  { projectId, findingId }: { projectId: string; findingId?: string },
): Promise<NotVerifiedFinding[]> {
  const { rows } = (await db.execute(sql`
    with latest as ${latestModelVersionsSql(
      sql`select f.id from findings f where f.project_id = ${projectId}::uuid and f.status = 'verified_fixed'${findingId ? sql` and f.id = ${findingId}::uuid` : sql``}`,
    )},
    running as ${runningModelVersionsSql(projectId)}
    select f.id as "findingId", f.title, l.provider, l.model_id as "modelId", l.model_version as "verifiedVersion",
           r.model_version as "currentVersion", r.recorded_by_name as "currentRecordedByName", r.created_at as "currentRecordedAt"
      from latest l
      join running r on r.model_id = l.model_id and r.provider is not distinct from l.provider
      join findings f on f.id = l.finding_id
     where l.model_version is distinct from r.model_version
     order by f.severity_rank, f.title, f.id, l.model_id`)) as unknown as {
    rows: (Omit<NotVerifiedFinding, "currentRecordedAt"> & { currentRecordedAt: Date | string })[];
  };
  return rows.map((row) => ({ ...row, currentRecordedAt: new Date(row.currentRecordedAt).toISOString() }));
}
