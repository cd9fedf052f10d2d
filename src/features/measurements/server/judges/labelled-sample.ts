import "server-only";
import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import type { JudgeConfusion } from "@/lib/domain/judge-accuracy";
import { AppError } from "@/server/core/errors";

// A judge's labelled sample (docs/PRODUCT.md#measured-ai-findings): one item a row (CSV) or a line
// (JSONL), each with the person's label and the judge's. Only the two labels are read; the items'
// text stays with the firm. Either a "human"/"judge" pair of columns or keys, in any spelling below.

export const SAMPLE_FORMATS = ["csv", "jsonl"] as const;
export type SampleFormat = (typeof SAMPLE_FORMATS)[number];
/** The most items one validation reads: far above any labelled sample a person makes. */
export const SAMPLE_ITEMS_MAX = 100_000;

const HUMAN_KEYS = ["human", "human_label", "label", "expected", "gold"];
const JUDGE_KEYS = ["judge", "judge_label", "predicted", "detector", "score"];
const YES = new Set(["1", "true", "yes", "y", "success", "succeeded", "hit", "positive", "fail", "failed", "unsafe"]);
const NO = new Set(["0", "false", "no", "n", "failure", "miss", "negative", "pass", "passed", "safe"]);

const refuse = (message: string) => new AppError("bad_request", message, { fieldErrors: { sample: message } });

/**
 * A label as a success (the attack landed) or not. Tools differ: garak and promptfoo say a probe
 * "failed" when the attack succeeded, so fail/unsafe read as a success and pass/safe as none.
 */
function labelOf(value: unknown, where: string, column: string): boolean {
  const text =
    typeof value === "boolean" ? String(value) : typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  const key = text.trim().toLowerCase();
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  throw refuse(
    `${where}: the ${column} label "${text.slice(0, 40)}" is neither a success (1, true, yes, fail) nor a failure (0, false, no, pass).`,
  );
}

const normalise = (key: string) =>
  key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
const pick = (keys: string[], wanted: string[]) => keys.find((key) => wanted.includes(normalise(key)));

function tally(rows: { human: boolean; judge: boolean }[]): JudgeConfusion {
  const c: JudgeConfusion = { truePositives: 0, falseNegatives: 0, falsePositives: 0, trueNegatives: 0 };
  for (const { human, judge } of rows) {
    if (human && judge) c.truePositives += 1;
    else if (human) c.falseNegatives += 1;
    else if (judge) c.falsePositives += 1;
    else c.trueNegatives += 1;
  }
  if (c.truePositives + c.falseNegatives === 0 || c.trueNegatives + c.falsePositives === 0)
    throw refuse(
      "The sample needs at least one success and one failure by the person's label: otherwise one of the judge's rates is unknown.",
    );
  return c;
}

function fromRecords(records: Record<string, unknown>[], where: (i: number) => string): JudgeConfusion {
  if (records.length === 0) throw refuse("The sample has no items.");
  if (records.length > SAMPLE_ITEMS_MAX) throw refuse(`The sample has more than ${SAMPLE_ITEMS_MAX.toLocaleString("en-US")} items.`);
  const rows = records.map((record, i) => {
    const keys = Object.keys(record);
    const human = pick(keys, HUMAN_KEYS);
    const judge = pick(keys, JUDGE_KEYS);
    if (!human || !judge) throw refuse(`${where(i)}: name the person's label "human" and the judge's "judge".`);
    return { human: labelOf(record[human], where(i), "human"), judge: labelOf(record[judge], where(i), "judge") };
  });
  return tally(rows);
}

/** The sample's counts, or a 400 naming the row that could not be read. */
export function readLabelledSample(text: string, format: SampleFormat): JudgeConfusion {
  if (format === "jsonl") {
    const lines = text.split(/\r?\n/).map((line, i) => ({ line: line.trim(), number: i + 1 }));
    const records = lines
      .filter(({ line }) => line !== "")
      .map(({ line, number }) => {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          throw refuse(`Line ${number}: not a JSON object.`);
        }
        if (typeof value !== "object" || value === null || Array.isArray(value)) throw refuse(`Line ${number}: not a JSON object.`);
        return { record: value as Record<string, unknown>, number };
      });
    return fromRecords(
      records.map((r) => r.record),
      (i) => `Line ${records[i]!.number}`,
    );
  }
  let records: Record<string, unknown>[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, to: SAMPLE_ITEMS_MAX + 1 });
  } catch (error) {
    if (error instanceof CsvError) throw refuse(`The CSV could not be read: ${error.message}`);
    throw error;
  }
  // Row 1 is the header, so item i is on row i + 2.
  return fromRecords(records, (i) => `Row ${i + 2}`);
}
