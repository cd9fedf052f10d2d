import "server-only";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { ModelVersionValues } from "@/features/findings/validation";
import { assertClient, assertFindingsVisible, type ClientActor, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { engagementModelVersions } from "./schema/measurements";
import { projects } from "@/features/projects/server/schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { dueOnNewModelVersion } from "./reruns/schedules";

// The model version a client runs now, per engagement target (docs/PRODUCT.md#measured-ai-findings).
// A fix of a jailbreak is shown on one model version; an upgrade can bring it back. So a Verified
// Fixed finding whose latest measurement on a target names another version than the one the
// client says it runs now is "Not verified on the version you run now", and the client may ask for
// a retest of it (workflow.ts). Only Verified Fixed findings: an open one is open whatever the
// version, and a pending retest is already the next step.

export const ENGAGEMENT_NOT_FOUND = () => new AppError("not_found", "Engagement not found");

/** One recording of the version a target runs. */
export type ModelVersionRecord = {
  id: string;
  provider: string | null;
  modelId: string;
  modelVersion: string;
  recordedByName: string;
  recordedAt: string;
};

/** A target of an engagement with the version it runs now (its newest record) and every record, newest first. */
export type EngagementTarget = {
  provider: string | null;
  modelId: string;
  current: ModelVersionRecord;
  history: ModelVersionRecord[];
};

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

const recordColumns = {
  id: engagementModelVersions.id,
  provider: engagementModelVersions.provider,
  modelId: engagementModelVersions.modelId,
  modelVersion: engagementModelVersions.modelVersion,
  recordedByName: engagementModelVersions.recordedByName,
  recordedAt: engagementModelVersions.createdAt,
};
const toRecord = (row: { recordedAt: Date } & Omit<ModelVersionRecord, "recordedAt">): ModelVersionRecord => ({
  ...row,
  recordedAt: row.recordedAt.toISOString(),
});

/** A provider as a target names it: unnamed is null, matched as null (never as ""). */
const sameProvider = (provider: string | null) =>
  provider === null ? isNull(engagementModelVersions.provider) : eq(engagementModelVersions.provider, provider);

/** One of the client's own engagements, locked for the change (404 otherwise, like a missing one). */
async function lockEngagement(db: DbOrTx, actor: ClientActor, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, actor.clientId)))
    .for("update")
    .limit(1);
  if (!row) throw ENGAGEMENT_NOT_FOUND();
  return row;
}

/**
 * The client records the version it runs now on a target of one of its engagements (the portal's
 * form, or the company API with findings:write). Recording the version already current adds
 * nothing, so a CI job may say it on every deploy. The project row is locked so that two
 * recordings of one engagement take turns on "is it already current".
 */
export async function recordModelVersion(
  db: Db,
  { actor, input }: { actor: ClientActor; input: ModelVersionValues },
): Promise<{ changed: boolean; record: ModelVersionRecord }> {
  assertClient(actor);
  assertFindingsVisible(actor);
  const { projectId, provider, modelId, modelVersion } = input;
  return db.transaction(async (tx) => {
    const project = await lockEngagement(tx, actor, projectId);
    const [current] = await tx
      .select(recordColumns)
      .from(engagementModelVersions)
      .where(and(eq(engagementModelVersions.projectId, project.id), eq(engagementModelVersions.modelId, modelId), sameProvider(provider)))
      .orderBy(desc(engagementModelVersions.createdAt), desc(engagementModelVersions.id))
      .limit(1);
    if (current && current.modelVersion === modelVersion) return { changed: false, record: toRecord(current) };
    const [row] = await tx
      .insert(engagementModelVersions)
      .values({ projectId: project.id, provider, modelId, modelVersion, recordedBy: personIdOf(actor), recordedByName: actor.name })
      .returning(recordColumns);
    await recordAudit(tx, {
      actor,
      action: "engagement.model_version",
      entityType: "project",
      entityId: project.id,
      clientId: project.clientId,
      before: current ? { modelVersion: current.modelVersion } : null,
      after: { provider, modelId, modelVersion },
    });
    // A schedule "on each model version" of this target: its run is now due.
    await dueOnNewModelVersion(tx, { projectId: project.id, provider, modelId });
    return { changed: true, record: toRecord(row!) };
  });
}

/**
 * An engagement's targets with the version each runs now and its history. No scope of its own: the
 * caller has reached the engagement (or its finding) through its scope.
 */
export async function modelVersionsOf(db: DbOrTx, projectId: string): Promise<EngagementTarget[]> {
  const rows = await db
    .select(recordColumns)
    .from(engagementModelVersions)
    .where(eq(engagementModelVersions.projectId, projectId))
    .orderBy(
      asc(engagementModelVersions.modelId),
      asc(engagementModelVersions.provider),
      desc(engagementModelVersions.createdAt),
      desc(engagementModelVersions.id),
    )
    .limit(2000);
  const targets = new Map<string, EngagementTarget>();
  for (const row of rows.map(toRecord)) {
    const key = JSON.stringify([row.provider, row.modelId]);
    const target = targets.get(key);
    if (target) target.history.push(row);
    else targets.set(key, { provider: row.provider, modelId: row.modelId, current: row, history: [row] });
  }
  return [...targets.values()];
}

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
    with latest as (
      select distinct on (m.finding_id, m.provider, m.model_id)
             m.finding_id, m.provider, m.model_id, m.model_version
        from finding_measurements m
        join findings f on f.id = m.finding_id
       where f.project_id = ${projectId}::uuid and f.status = 'verified_fixed' and m.model_id is not null
             ${findingId ? sql`and f.id = ${findingId}::uuid` : sql``}
       order by m.finding_id, m.provider, m.model_id, m.measured_at desc, m.created_at desc
    ), running as (
      select distinct on (v.provider, v.model_id) v.provider, v.model_id, v.model_version, v.recorded_by_name, v.created_at
        from engagement_model_versions v
       where v.project_id = ${projectId}::uuid
       order by v.provider, v.model_id, v.created_at desc, v.id desc
    )
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
