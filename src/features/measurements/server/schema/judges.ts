import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "@/features/identity/server/schema";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";

/**
 * A validation of a judge (docs/PRODUCT.md#measured-ai-findings): the firm's labelled sample of a
 * judge's verdicts against a person's, kept as its four counts (the items' text stays with the
 * firm) and the file's SHA-256. A judge is its name, version, and for an LLM judge its model and
 * rubric version; a measurement on exactly that judge is corrected with its latest validation.
 * Rows are only ever added. The firm's own: no client id.
 */
export const judgeValidations = pgTable(
  "judge_validations",
  {
    id: uuidPrimaryKey(),
    judgeName: text("judge_name").notNull(),
    judgeVersion: text("judge_version"),
    judgeModel: text("judge_model"),
    judgeRubricVersion: text("judge_rubric_version"),
    truePositives: integer("true_positives").notNull(),
    falseNegatives: integer("false_negatives").notNull(),
    falsePositives: integer("false_positives").notNull(),
    trueNegatives: integer("true_negatives").notNull(),
    sampleFormat: text("sample_format", { enum: ["csv", "jsonl"] }).notNull(),
    sampleSha256: text("sample_sha256").notNull(),
    note: text("note"),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull(),
    validatedAt: timestamp("validated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check("judge_validations_name_check", sql`length(${t.judgeName}) between 1 and 200`),
    check(
      "judge_validations_counts_check",
      sql`least(${t.truePositives}, ${t.falseNegatives}, ${t.falsePositives}, ${t.trueNegatives}) >= 0
          and ${t.truePositives} + ${t.falseNegatives} >= 1 and ${t.falsePositives} + ${t.trueNegatives} >= 1`,
    ),
    check("judge_validations_format_check", sql`${t.sampleFormat} in ('csv', 'jsonl')`),
    check("judge_validations_sha256_check", sql`${t.sampleSha256} ~ '^[0-9a-f]{64}$'`),
    index("judge_validations_judge_idx").on(t.judgeName, t.validatedAt),
  ],
);
