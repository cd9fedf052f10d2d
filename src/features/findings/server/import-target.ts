import "server-only";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FindingSeverity, FindingStatus } from "@/lib/domain/finding";
import type { ImportFormat } from "@/lib/domain/finding-import";
import type { AdminActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { importedRunsOf } from "@/features/measurements/server";
import { findingEvents, findingRetests, findings } from "./schema/records";
import { notifyFindingsReopened } from "./finding-mail";

// What a scan import (the imports slice, built on findings) does to the findings themselves, inside
// the import's transaction: the imports slice decides, these write the findings, their timeline and
// their retests, so the findings' tables stay behind this slice's door. The door exports this file
// as one name, `importTarget`: it is for that slice alone.

export { engagementOf } from "./findings-write";
export { insertImportMeasurements } from "./measurements";
export type { ImportMeasurement } from "@/features/measurements/server";
export { loadImportTemplates, type TemplatableFinding } from "./templates";

/** Rows per update (bound ids); larger sets go in as one JSON parameter per statement. */
const BATCH = 500;

/** An engagement's finding that a re-import can recognise by its fingerprint. */
export type FingerprintedFinding = { id: string; status: FindingStatus; sourceTool: ImportFormat | null; notSeen: boolean };

/** A new finding's columns as an import writes it (the scan's words, or its template's). */
export type ImportedFindingColumns = {
  title: string;
  severity: FindingSeverity;
  cvssVector: string | null;
  cvssScoreTenths: number | null;
  assets: string;
  description: string;
  remediation: string;
  references: string;
  ruleId: string | null;
  cwe: number | null;
  owaspLlm: string[];
  atlas: string[];
  sourceTool: ImportFormat;
  fingerprint: string;
};

/** The latest imported run of a finding: k successes in n trials on the model the file named. */
export type ImportedRun = { trials: number; successes: number; provider: string | null; modelId: string | null };

/** An AI finding an import had (new, already known or reopened), with its OWASP LLM and ATLAS ids. */
export type ImportedFindingFact = {
  id: string;
  status: FindingStatus;
  owaspLlm: string[];
  atlas: string[];
  measurement: ImportedRun | null;
};

const byFirm = (actor: AdminActor) => ({ actorId: actor.userId, actorRole: "admin" as const, actorName: actor.name });

/** The ids as one JSON parameter, for `id in (…)` over any number of them. */
const idList = (ids: string[]) => sql`(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`;

/** The engagement's findings that a re-import can recognise, by fingerprint. */
export async function fingerprintedFindings(db: DbOrTx, projectId: string): Promise<Map<string, FingerprintedFinding>> {
  const rows = await db
    .select({
      id: findings.id,
      status: findings.status,
      fingerprint: findings.fingerprint,
      sourceTool: findings.sourceTool,
      notSeen: sql<boolean>`${findings.notSeenImportId} is not null`,
    })
    .from(findings)
    .where(and(eq(findings.projectId, projectId), isNotNull(findings.fingerprint)));
  return new Map(rows.map((r) => [r.fingerprint!, { id: r.id, status: r.status, sourceTool: r.sourceTool, notSeen: r.notSeen }]));
}

/**
 * A batch of new drafts, each with its "created" timeline entry, in one statement (the rows go in as
 * one JSON parameter, expanded by PostgreSQL): the new findings' ids.
 */
export async function insertImportedFindings(
  tx: DbOrTx,
  {
    actor,
    clientId,
    projectId,
    source,
    batch,
  }: { actor: AdminActor; clientId: string; projectId: string; source: string; batch: ImportedFindingColumns[] },
): Promise<string[]> {
  const result = (await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(
        title text, severity text, "cvssVector" text, "cvssScoreTenths" smallint, assets text, description text,
        remediation text, "references" text, "ruleId" text, cwe integer, "owaspLlm" text[], atlas text[],
        "sourceTool" text, fingerprint text)
    ), created as (
      insert into ${findings} (client_id, project_id, title, severity, cvss_vector, cvss_score_tenths, assets, description,
                               remediation, "references", rule_id, cwe, owasp_llm, atlas, source_tool, fingerprint)
      select ${clientId}::uuid, ${projectId}::uuid, title, severity, "cvssVector", "cvssScoreTenths", assets, description,
             remediation, "references", "ruleId", cwe, "owaspLlm", atlas, "sourceTool", fingerprint
        from input
      returning id
    ), events as (
      insert into ${findingEvents} (finding_id, kind, to_status, note, actor_id, actor_role, actor_name)
      select id, 'created', 'draft', ${`Imported from ${source}`}, ${actor.userId}, 'admin', ${actor.name} from created
    )
    select id from created`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/**
 * Back to work: fixed findings the scan still finds are Still Open, an open retest request is
 * answered "still open", each gets its timeline entry and the client is told (keyed by the import).
 */
export async function reopenImportedFindings(
  tx: DbOrTx,
  {
    actor,
    importId,
    source,
    clientId,
    engagement,
    reopened,
  }: {
    actor: AdminActor;
    importId: string;
    source: string;
    clientId: string;
    engagement: string;
    reopened: { id: string; status: FindingStatus; title: string }[];
  },
) {
  if (reopened.length === 0) return;
  const ids = reopened.map((f) => f.id);
  const note = `Seen again in import ${source}`;
  for (let i = 0; i < ids.length; i += BATCH) {
    const slice = ids.slice(i, i + BATCH);
    await tx.update(findings).set({ status: "still_open" }).where(inArray(findings.id, slice));
    await tx
      .update(findingRetests)
      .set({ result: "still_open", resultNote: note, decidedBy: actor.userId, decidedAt: sql`now()` })
      .where(and(inArray(findingRetests.findingId, slice), isNull(findingRetests.result)));
  }
  for (let i = 0; i < reopened.length; i += BATCH)
    await tx.insert(findingEvents).values(
      reopened.slice(i, i + BATCH).map((f) => ({
        findingId: f.id,
        kind: "reopened" as const,
        fromStatus: f.status,
        toStatus: "still_open" as const,
        note,
        ...byFirm(actor),
      })),
    );
  await notifyFindingsReopened(tx, { key: importId, clientId, engagement, findings: reopened.map((f) => ({ id: f.id, title: f.title })) });
}

/** Seen again: no longer "not seen" (only those that carry the mark are written). */
export async function clearNotSeen(tx: DbOrTx, ids: string[]) {
  for (let i = 0; i < ids.length; i += BATCH)
    await tx
      .update(findings)
      .set({ notSeenImportId: null })
      .where(inArray(findings.id, ids.slice(i, i + BATCH)));
}

/** Marked "not seen in the latest full scan" by the import, each with its timeline entry. */
export async function markNotSeen(
  tx: DbOrTx,
  { actor, importId, source, ids }: { actor: AdminActor; importId: string; source: string; ids: string[] },
) {
  for (let i = 0; i < ids.length; i += BATCH) {
    const slice = ids.slice(i, i + BATCH);
    await tx.update(findings).set({ notSeenImportId: importId }).where(inArray(findings.id, slice));
    await tx
      .insert(findingEvents)
      .values(
        slice.map((findingId) => ({ findingId, kind: "not_seen" as const, note: `Not seen in the full scan ${source}`, ...byFirm(actor) })),
      );
  }
}

/**
 * Of the given findings, the AI ones (an OWASP LLM or ATLAS id), each with its latest imported
 * measurement: an import's, or for a file imported before, that run's.
 */
export async function importedFindingFacts(tx: DbOrTx, ids: string[]): Promise<ImportedFindingFact[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: findings.id, status: findings.status, owaspLlm: findings.owaspLlm, atlas: findings.atlas })
    .from(findings)
    .where(and(sql`${findings.id} in ${idList(ids)}`, sql`(cardinality(${findings.owaspLlm}) > 0 or cardinality(${findings.atlas}) > 0)`))
    .orderBy(findings.id);
  if (rows.length === 0) return [];
  const runs = await importedRunsOf(
    tx,
    rows.map((r) => r.id),
  );
  const byFinding = new Map(runs.map(({ findingId, ...run }) => [findingId, run]));
  return rows.map((row) => ({ ...row, measurement: byFinding.get(row.id) ?? null }));
}
