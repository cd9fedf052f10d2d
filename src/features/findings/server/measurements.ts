import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { isAiFinding } from "@/lib/domain/finding-measurement";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import {
  type ImportMeasurement,
  insertImportMeasurements as insertMeasuredImport,
  insertMeasurement,
  measurementNote,
  NOT_AN_AI_FINDING,
} from "@/features/measurements/server";
import type { MeasurementValues } from "@/features/measurements/validation";
import { findingEvents, findings } from "./schema/records";
import { FINDING_NOT_FOUND } from "./finding-scope";

// An AI finding's measurements as the findings see them (docs/PRODUCT.md#measured-ai-findings): the
// firm's by hand with its timeline entry, and an import's by fingerprint. The rows are the
// measurements slice's.

/**
 * The firm records a measurement by hand (docs/PRODUCT.md#measured-ai-findings): an AI finding's
 * only; audited, with its timeline entry, in one transaction.
 */
export async function addFindingMeasurement(db: Db, { actor, input }: { actor: AdminActor; input: MeasurementValues }) {
  assertAdmin(actor);
  const { findingId, measuredOn, ...values } = input;
  const measuredAt = measuredOn ? new Date(`${measuredOn}T12:00:00Z`) : new Date();
  if (measuredAt.getTime() > Date.now() + 86_400_000)
    throw new AppError("bad_request", "The measurement cannot be dated in the future.", {
      fieldErrors: { measuredOn: "The measurement cannot be dated in the future." },
    });
  return db.transaction(async (tx) => {
    const [finding] = await tx
      .select({ id: findings.id, owaspLlm: findings.owaspLlm, atlas: findings.atlas, sourceTool: findings.sourceTool })
      .from(findings)
      .where(eq(findings.id, findingId))
      .for("update")
      .limit(1);
    if (!finding) throw FINDING_NOT_FOUND();
    if (!isAiFinding(finding)) throw new AppError("bad_request", NOT_AN_AI_FINDING);
    const row = await insertMeasurement(tx, {
      findingId,
      source: "manual",
      ...values,
      measuredAt,
      recordedBy: actor.userId,
      recordedByName: actor.name,
    });
    await tx.insert(findingEvents).values({
      findingId,
      kind: "measured",
      note: measurementNote(values),
      actorId: actor.userId,
      actorRole: "admin",
      actorName: actor.name,
    });
    await recordAudit(tx, {
      actor,
      action: "finding.measurement",
      entityType: "finding",
      entityId: findingId,
      after: { measurementId: row!.id, trials: values.trials, successes: values.successes, modelVersion: values.modelVersion },
    });
    return { measurementId: row!.id };
  });
}

/**
 * An applied import's measurements, one per finding it counted, found by fingerprint in the
 * engagement (a fingerprint of no finding there counts nothing).
 */
export async function insertImportMeasurements(
  tx: DbOrTx,
  {
    actor,
    importId,
    projectId,
    runKey,
    items,
  }: { actor: AdminActor; importId: string; projectId: string; runKey: string; items: ImportMeasurement[] },
) {
  const idOf = new Map<string, string>();
  for (let i = 0; i < items.length; i += 5000) {
    const fingerprints = JSON.stringify(items.slice(i, i + 5000).map((item) => item.fingerprint));
    const rows = await tx
      .select({ id: findings.id, fingerprint: findings.fingerprint })
      .from(findings)
      .where(
        and(eq(findings.projectId, projectId), sql`${findings.fingerprint} in (select jsonb_array_elements_text(${fingerprints}::jsonb))`),
      );
    for (const row of rows) if (row.fingerprint) idOf.set(row.fingerprint, row.id);
  }
  const found = items.flatMap(({ fingerprint, ...item }) => {
    const findingId = idOf.get(fingerprint);
    return findingId ? [{ ...item, findingId }] : [];
  });
  await insertMeasuredImport(tx, { actor, importId, runKey, items: found });
}
