import "server-only";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { ModelVersionValues } from "@/features/measurements/validation";
import { assertClient, assertFindingsVisible, type ClientActor, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { engagementModelVersions } from "./schema/measurements";
import { lockProject, projectFacts } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { dueOnNewModelVersion } from "./reruns/schedules";

// The model version a client runs now, per engagement target (docs/PRODUCT.md#measured-ai-findings).
// A fix of a jailbreak is shown on one model version; an upgrade can bring it back. So a Verified
// Fixed finding whose latest measurement on a target names another version than the one the
// client says it runs now is "Not verified on the version you run now", and the client may ask for
// a retest of it (the findings slice decides which findings that flags). A target's records are
// only added.

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
  const row = await lockProject(db, projectId, actor.clientId);
  if (!row) throw ENGAGEMENT_NOT_FOUND();
  return { id: row.id, clientId: row.clientId };
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
 * A text that changes when the model-version records do (their number and the latest), for the
 * findings' data stamp: the latest time comes from an index.
 */
export const modelVersionsStampSql = sql`(select concat_ws(':', count(*), max(${engagementModelVersions.createdAt})) from ${engagementModelVersions})`;

/** Each target's newest record of an engagement (its provider, model id and version), for the evidence's targets. */
export async function currentVersionsOf(db: DbOrTx, projectId: string) {
  return db
    .selectDistinctOn([engagementModelVersions.provider, engagementModelVersions.modelId], {
      provider: engagementModelVersions.provider,
      modelId: engagementModelVersions.modelId,
      modelVersion: engagementModelVersions.modelVersion,
    })
    .from(engagementModelVersions)
    .where(eq(engagementModelVersions.projectId, projectId))
    .orderBy(engagementModelVersions.provider, engagementModelVersions.modelId, desc(engagementModelVersions.createdAt));
}

/**
 * Every record of the engagements of the given companies (each one named must match) or of one
 * engagement, oldest first, at most 10,000: the analytics' regressions per version change.
 */
export async function modelVersionHistory(db: DbOrTx, { clientIds, projectId }: { clientIds: string[]; projectId?: string }) {
  const facts = projectFacts(db);
  return db
    .select({
      projectId: engagementModelVersions.projectId,
      provider: engagementModelVersions.provider,
      modelId: engagementModelVersions.modelId,
      modelVersion: engagementModelVersions.modelVersion,
      recordedAt: engagementModelVersions.createdAt,
    })
    .from(engagementModelVersions)
    .innerJoin(facts, eq(facts.projectId, engagementModelVersions.projectId))
    .where(and(...clientIds.map((clientId) => eq(facts.clientId, clientId)), projectId ? eq(facts.projectId, projectId) : undefined))
    .orderBy(asc(engagementModelVersions.createdAt))
    .limit(10_000);
}
