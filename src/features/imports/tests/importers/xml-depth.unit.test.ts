// Deeply nested XML (docs/PRODUCT.md#admin-findings, Import scan results): an upload of elements
// nested past XML_DEPTH_MAX is refused at that depth with its line, quickly and without holding the
// rest, for every XML importer; a real report's depth stays well within it.
import { describe, expect, it } from "vitest";
import { XML_DEPTH_MAX } from "@/features/imports/server/importers/xml-stream";
import { refusalOf } from "./read-fixture";

const deep = (root: string, levels: number) =>
  `<?xml version="1.0"?>\n<${root}>\n${"<a>\n".repeat(levels)}${"</a>".repeat(levels)}\n</${root}>`;

describe("XML nesting", () => {
  it("refuses a Nessus file nested 200,000 deep at depth 65, in well under a second", async () => {
    const started = performance.now();
    expect(await refusalOf("nessus", deep("NessusClientData_v2", 200_000))).toBe(
      `Not a valid Nessus file: line ${XML_DEPTH_MAX + 2}: elements are nested more than 64 deep.`,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("refuses a Burp file nested inside a captured issue", async () => {
    const file = `<?xml version="1.0"?>\n<issues><issue><name>x</name>${"<b>".repeat(100)}${"</b>".repeat(100)}</issue></issues>`;
    expect(await refusalOf("burp", file)).toMatch(/^Not a valid Burp Suite file: line 2: elements are nested more than 64 deep\.$/);
  });

  it("reads a file nested exactly to the limit", async () => {
    // The root and 63 elements inside: 64 deep, read to its end (which holds nothing to import).
    expect(await refusalOf("nessus", deep("NessusClientData_v2", XML_DEPTH_MAX - 1))).toBe(
      "Not a valid Nessus file: it has no findings to import.",
    );
  });
});
