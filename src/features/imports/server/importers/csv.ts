import "server-only";
import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import type { FindingSeverity } from "@/lib/domain/finding";
import { cweOf, importedFinding, lines, refuse, type ImportedFinding } from "./imported-finding";

const TOOL = "CSV";

const SEVERITY = new Map<string, FindingSeverity>([
  ["critical", "critical"],
  ["high", "high"],
  ["medium", "medium"],
  ["moderate", "medium"],
  ["low", "low"],
  ["informational", "informational"],
  ["info", "informational"],
  ["information", "informational"],
]);

const COLUMNS = ["title", "severity", "description", "remediation", "asset", "cwe", "cvss_vector", "references"] as const;
type Column = (typeof COLUMNS)[number];
// Header names people write for the same column (after lower case, spaces and dashes to "_").
const ALIASES = new Map<string, Column>([
  ...COLUMNS.map((column) => [column, column] as const),
  ["assets", "asset"],
  ["cwe_id", "cwe"],
  ["cvss", "cvss_vector"],
  ["reference", "references"],
]);

const CSV_PROBLEMS: Partial<Record<string, string>> = {
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "the row does not have as many fields as the header.",
  CSV_RECORD_INCONSISTENT_COLUMNS: "the row does not have as many fields as the header.",
  CSV_QUOTE_NOT_CLOSED: "a quoted field is never closed.",
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a quoted field is not doubled ("").',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "text follows a closing quote.",
  CSV_MAX_RECORD_SIZE: "the row is longer than 1 MB.",
};

/**
 * A CSV of findings: a header row naming the columns (any case, any order; title and severity
 * required), then one finding a row. Parsed as it streams (csv-parse).
 */
export async function* readCsv(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  const parser = Readable.from(source).pipe(
    parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: false, max_record_size: 1024 * 1024 }),
  );
  let header: (Column | null)[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (!header) {
        header = record.map(
          (name) =>
            ALIASES.get(
              name
                .trim()
                .toLowerCase()
                .replace(/[\s-]+/g, "_"),
            ) ?? null,
        );
        for (const required of ["title", "severity"] as const)
          if (!header.includes(required)) throw refuse(TOOL, `line ${line}: the header has no "${required}" column.`);
        continue;
      }
      const row = new Map<Column, string>();
      header.forEach((column, index) => {
        if (column && !row.get(column)) row.set(column, record[index]?.trim() ?? "");
      });
      const title = row.get("title") ?? "";
      if (!title) throw refuse(TOOL, `line ${line}: the row has no title.`);
      const rawSeverity = row.get("severity") ?? "";
      const severity = SEVERITY.get(rawSeverity.toLowerCase());
      if (!severity)
        throw refuse(TOOL, `line ${line}: unknown severity "${rawSeverity.slice(0, 20)}" (Critical, High, Medium, Low or Informational).`);
      const rawCwe = row.get("cwe") ?? "";
      const cwe = cweOf(rawCwe);
      if (rawCwe && cwe === null) throw refuse(TOOL, `line ${line}: the CWE "${rawCwe.slice(0, 20)}" is not a CWE number.`);
      yield importedFinding({
        toolUid: null,
        ruleId: null,
        title,
        severity,
        cwe,
        cvssVector: row.get("cvss_vector") || null,
        assets: lines((row.get("asset") ?? "").split(/[\n;]/)),
        description: row.get("description") ?? "",
        remediation: row.get("remediation") ?? "",
        references: lines((row.get("references") ?? "").split(/\s+/)),
      });
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines;
    throw refuse(TOOL, `${line ? `line ${line}: ` : ""}${CSV_PROBLEMS[error.code] ?? "it cannot be read as CSV."}`);
  }
}
