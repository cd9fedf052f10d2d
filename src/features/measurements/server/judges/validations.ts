import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type JudgeAccuracy, type JudgeConfusion, judgeAccuracy } from "@/lib/domain/judge-accuracy";
import type { JudgeValidationValues } from "@/features/measurements/validation";
import { recordAudit } from "@/features/audit/server";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { judgeValidations } from "../schema/judges";
import { readLabelledSample } from "./labelled-sample";

// Judges' validations (docs/PRODUCT.md#measured-ai-findings): the firm's labelled samples of a
// judge's verdicts against a person's. A measurement on exactly that judge (name, version, model,
// rubric) is corrected with its latest validation. The firm's own: admin only to write and list;
// a client sees a validation only as the corrected rate on its own finding.

/** A judge as a measurement names it. */
export type JudgeIdentity = {
  judgeName: string | null;
  judgeVersion: string | null;
  judgeModel: string | null;
  judgeRubricVersion: string | null;
};

export type JudgeValidationRow = JudgeIdentity & {
  id: string;
  judgeName: string;
  counts: JudgeConfusion;
  accuracy: JudgeAccuracy;
  note: string | null;
  recordedByName: string;
  validatedAt: string;
};

const columns = {
  id: judgeValidations.id,
  judgeName: judgeValidations.judgeName,
  judgeVersion: judgeValidations.judgeVersion,
  judgeModel: judgeValidations.judgeModel,
  judgeRubricVersion: judgeValidations.judgeRubricVersion,
  truePositives: judgeValidations.truePositives,
  falseNegatives: judgeValidations.falseNegatives,
  falsePositives: judgeValidations.falsePositives,
  trueNegatives: judgeValidations.trueNegatives,
  note: judgeValidations.note,
  recordedByName: judgeValidations.recordedByName,
  validatedAt: judgeValidations.validatedAt,
};

const selectValidations = (db: DbOrTx) => db.select(columns).from(judgeValidations);
type Row = Awaited<ReturnType<typeof selectValidations>>[number];

function toValidation(row: Row): JudgeValidationRow {
  const { truePositives, falseNegatives, falsePositives, trueNegatives, validatedAt, ...rest } = row;
  const counts = { truePositives, falseNegatives, falsePositives, trueNegatives };
  return { ...rest, counts, accuracy: judgeAccuracy(counts), validatedAt: validatedAt.toISOString() };
}

/** "Equal, a blank equal to a blank": a judge with no version is another judge than one with a version. */
const same = (column: AnyPgColumn, value: string | null): SQL => (value === null ? isNull(column) : eq(column, value));

/** The latest validation of exactly this judge, or null (none named, or never validated). */
export async function latestValidationOf(db: DbOrTx, judge: JudgeIdentity): Promise<JudgeValidationRow | null> {
  if (!judge.judgeName) return null;
  const [row] = await selectValidations(db)
    .where(
      and(
        eq(judgeValidations.judgeName, judge.judgeName),
        same(judgeValidations.judgeVersion, judge.judgeVersion),
        same(judgeValidations.judgeModel, judge.judgeModel),
        same(judgeValidations.judgeRubricVersion, judge.judgeRubricVersion),
      ),
    )
    .orderBy(desc(judgeValidations.validatedAt), desc(judgeValidations.createdAt))
    .limit(1);
  return row ? toValidation(row) : null;
}

/** Every validation, newest first (the admin's judges page). */
export async function listJudgeValidations(db: Db, { actor }: { actor: AdminActor }): Promise<JudgeValidationRow[]> {
  assertAdmin(actor);
  const rows = await selectValidations(db).orderBy(desc(judgeValidations.validatedAt), desc(judgeValidations.createdAt)).limit(500);
  return rows.map(toValidation);
}

/**
 * The firm records a validation from a labelled sample (CSV or JSONL): the four counts and the
 * file's SHA-256 are kept, not the items. Audited. A sample that cannot be read is a 400 naming the row.
 */
export async function recordJudgeValidation(db: Db, { actor, input }: { actor: AdminActor; input: JudgeValidationValues }) {
  assertAdmin(actor);
  const { sample, format, ...judge } = input;
  const counts = readLabelledSample(sample, format);
  const accuracy = judgeAccuracy(counts);
  const sampleSha256 = createHash("sha256").update(sample).digest("hex");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(judgeValidations)
      .values({ ...judge, ...counts, sampleFormat: format, sampleSha256, recordedBy: actor.userId, recordedByName: actor.name })
      .returning({ id: judgeValidations.id });
    await recordAudit(tx, {
      actor,
      action: "judge.validation",
      entityType: "judge_validation",
      entityId: row!.id,
      after: { judgeName: judge.judgeName, judgeVersion: judge.judgeVersion, items: accuracy.items, ...counts, sampleSha256 },
    });
    return {
      validationId: row!.id,
      items: accuracy.items,
      sensitivity: accuracy.sensitivity.value,
      specificity: accuracy.specificity.value,
      kappa: accuracy.kappa,
    };
  });
}
