// The default Word template of generated reports (docs/PRODUCT.md#admin-settings) is the output of
// its script: writing it again gives the committed bytes, and it holds the tags the report fills.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PizZip from "pizzip";
import { describe, expect, it } from "vitest";

const COMMITTED = path.join(process.cwd(), "src/features/reports/server/templates/default-report.docx");

describe("the default report template", () => {
  it("is exactly what scripts/report-template.mjs writes", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "report-template-"));
    try {
      const out = path.join(dir, "default-report.docx");
      execFileSync(process.execPath, ["scripts/report-template.mjs", out]);
      expect(Buffer.compare(readFileSync(out), readFileSync(COMMITTED))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000); // a node process of its own: slow to start on a busy machine

  it("is an Office Open XML package with the report's tags", () => {
    const zip = new PizZip(readFileSync(COMMITTED));
    for (const part of ["[Content_Types].xml", "_rels/.rels", "word/document.xml", "word/styles.xml"])
      expect(zip.file(part)).not.toBeNull();
    const xml = zip.file("word/document.xml")!.asText();
    for (const tag of ["{clientName}", "{engagementName}", "{startDate}", "{endDate}", "{generatedOn}", "{firmName}", "{criticalCount}"])
      expect(xml).toContain(tag);
    for (const tag of [
      "{#findings}",
      "{title}",
      "{severity}",
      "{cvssScore}",
      "{status}",
      "{assets}",
      "{@description}",
      "{@remediation}",
      "{@references}",
      "{#evidence}",
      "{retestStatus}",
      "{#measuredRate}",
      "{measuredRate}",
      "{/findings}",
    ])
      expect(xml).toContain(tag);
  });
});
