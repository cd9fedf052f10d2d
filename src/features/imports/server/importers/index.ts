import "server-only";
import { createHash } from "node:crypto";
import { IMPORT_MAX_FINDINGS, type ImportFormat } from "@/lib/domain/finding-import";
import { readBurp } from "./burp";
import { readCsv } from "./csv";
import { readGarak } from "./garak";
import { refuse, type ImportedFinding } from "./imported-finding";
import { readNessus } from "./nessus";
import { readNuclei } from "./nuclei";
import { readPromptfoo } from "./promptfoo";
import { readPyrit } from "./pyrit";
import { readSarif } from "./sarif";
import { readZapJson } from "./zap-json";
import { readZapXml } from "./zap-xml";

export type { ImportedFinding } from "./imported-finding";
export { detectFormat } from "./detect-format";

type Reader = (source: AsyncIterable<Uint8Array>) => AsyncGenerator<ImportedFinding>;

const READERS: Record<ImportFormat, { tool: string; read: Reader }> = {
  sarif: { tool: "SARIF 2.1.0", read: readSarif },
  nessus: { tool: "Nessus", read: readNessus },
  burp: { tool: "Burp Suite", read: readBurp },
  zap_xml: { tool: "OWASP ZAP", read: readZapXml },
  zap_json: { tool: "OWASP ZAP", read: readZapJson },
  nuclei: { tool: "Nuclei", read: readNuclei },
  garak: { tool: "garak", read: readGarak },
  promptfoo: { tool: "promptfoo", read: readPromptfoo },
  pyrit: { tool: "PyRIT", read: readPyrit },
  csv: { tool: "CSV", read: readCsv },
};

/**
 * The findings of an uploaded file, one at a time as the file streams in. A malformed file throws
 * a 400 naming its first problem, possibly after findings were already yielded: the caller
 * collects them all before writing anything, so a file is imported whole or not at all.
 */
export async function* readImport(format: ImportFormat, source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  const { tool, read } = READERS[format];
  let count = 0;
  for await (const finding of read(source)) {
    count += 1;
    if (count > IMPORT_MAX_FINDINGS) throw refuse(tool, `it has more than ${IMPORT_MAX_FINDINGS.toLocaleString("en")} findings; split it.`);
    yield finding;
  }
  if (count === 0) throw refuse(tool, "it has no findings to import.");
}

const normalized = (text: string) => text.trim().replace(/\s+/g, " ");

/**
 * A finding's identity across imports into one engagement (hex SHA-256): the tool's own id when it
 * has one (with the format, as two tools' ids may collide), else the rule id (or the title, in
 * lower case), the CWE and the first asset.
 */
export function fingerprintOf(format: ImportFormat, finding: ImportedFinding): string {
  const parts = finding.toolUid
    ? ["uid", format, finding.toolUid]
    : [
        "finding",
        finding.ruleId ? `rule:${normalized(finding.ruleId)}` : `title:${normalized(finding.title).toLowerCase()}`,
        finding.cwe === null ? "" : String(finding.cwe),
        normalized(finding.assets.split("\n")[0] ?? ""),
      ];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}
