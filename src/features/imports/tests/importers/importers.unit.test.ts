// What every importer shares: the limits, the cleaning of fields, the fingerprint rule, the
// format detection and the AI taxonomy tables (docs: the findings module README, "Importers").
import { describe, expect, it } from "vitest";
import { detectFormat, fingerprintOf, readImport, type ImportedFinding } from "@/features/imports/server/importers";
import { FINDING_ASSETS_MAX, FINDING_TEXT_MAX, FINDING_TITLE_MAX } from "@/features/findings/validation";
import {
  ATLAS_TECHNIQUES,
  GARAK_PROBE_TAXONOMY,
  OWASP_LLM_2025,
  OWASP_LLM_IDS,
  PROMPTFOO_PLUGIN_TAXONOMY,
  garakProbeTaxonomy,
  promptfooTaxonomy,
} from "@/lib/domain/ai-taxonomy";
import { IMPORT_FORMAT_EXTENSIONS, IMPORT_FORMAT_LABELS, IMPORT_FORMATS, IMPORT_MAX_FINDINGS } from "@/lib/domain/finding-import";
import { readAll, refusalOf } from "./read-fixture";

async function* repeated(chunk: Uint8Array, times: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < times; i += 1) yield chunk;
}

async function refusalOfSource(source: AsyncIterable<Uint8Array>, format: "zap_json" | "nuclei"): Promise<string> {
  try {
    for await (const finding of readImport(format, source)) void finding;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the file was accepted");
}

const finding = (fields: Partial<ImportedFinding>): ImportedFinding => ({
  toolUid: null,
  ruleId: null,
  title: "T",
  severity: "low",
  cwe: null,
  cvssVector: null,
  assets: "",
  description: "",
  remediation: "",
  references: "",
  evidence: "",
  owaspLlm: [],
  atlas: [],
  measurement: null,
  ...fields,
});

describe("the importers' limits", () => {
  it(`refuses a file of more than ${IMPORT_MAX_FINDINGS} findings`, { timeout: 60_000 }, async () => {
    const line = '{"template-id":"t","info":{"severity":"low"},"host":"h"}\n';
    expect(await refusalOf("nuclei", line.repeat(IMPORT_MAX_FINDINGS + 1))).toBe(
      "Not a valid Nuclei file: it has more than 100,000 findings; split it.",
    );
  });

  it("refuses a JSON report larger than 50 MB without reading it whole", async () => {
    const megabyte = new Uint8Array(1024 * 1024).fill(32);
    expect(await refusalOfSource(repeated(megabyte, 51), "zap_json")).toBe(
      "Not a valid OWASP ZAP file: it is larger than 50 MB; split it.",
    );
  });

  it("refuses a JSONL line longer than 16 MB, naming it", async () => {
    const first = new TextEncoder().encode('{"template-id":"t","info":{"severity":"low"}}\n');
    async function* source() {
      yield first;
      yield* repeated(new Uint8Array(1024 * 1024).fill(97), 17);
    }
    expect(await refusalOfSource(source(), "nuclei")).toBe("Not a valid Nuclei file: line 2: the line is longer than 16 MB.");
  });
});

describe("the fields of an imported finding", () => {
  it("are cleaned of control characters and clipped to the finding's lengths", async () => {
    const long = "x".repeat(FINDING_TEXT_MAX + 10);
    const csv = `title,severity,description,asset\n"${"T".repeat(FINDING_TITLE_MAX + 5)}\u0007",high,"a\u0000b\u001bc ${long}","${"h".repeat(FINDING_ASSETS_MAX + 1)}"\n`;
    const [imported] = await readAll("csv", csv);
    expect(imported!.title).toBe("T".repeat(FINDING_TITLE_MAX));
    expect(imported!.description.startsWith("abc x")).toBe(true);
    expect(imported!.description).toHaveLength(FINDING_TEXT_MAX);
    expect(imported!.assets).toHaveLength(FINDING_ASSETS_MAX);
  });
});

describe("fingerprintOf", () => {
  it("takes the tool's id and the format when there is an id, whatever the rest", () => {
    const a = finding({ toolUid: "u1", title: "A", assets: "x" });
    expect(fingerprintOf("sarif", a)).toBe(fingerprintOf("sarif", { ...a, title: "B", assets: "y", cwe: 79 }));
    expect(fingerprintOf("sarif", a)).not.toBe(fingerprintOf("sarif", { ...a, toolUid: "u2" }));
    expect(fingerprintOf("sarif", a)).not.toBe(fingerprintOf("csv", a));
  });

  it("else takes the rule id (or the title in lower case), the CWE and the first asset", () => {
    const a = finding({ ruleId: "r1", title: "A", cwe: 79, assets: "host-a\nhost-b" });
    expect(fingerprintOf("nessus", a)).toBe(fingerprintOf("nessus", { ...a, title: "Other", assets: "host-a\nhost-c", severity: "high" }));
    expect(fingerprintOf("nessus", a)).not.toBe(fingerprintOf("nessus", { ...a, ruleId: "r2" }));
    expect(fingerprintOf("nessus", a)).not.toBe(fingerprintOf("nessus", { ...a, cwe: 80 }));
    expect(fingerprintOf("nessus", a)).not.toBe(fingerprintOf("nessus", { ...a, assets: "host-b" }));
    const titled = finding({ title: "Weak  TLS", assets: "a" });
    expect(fingerprintOf("csv", titled)).toBe(fingerprintOf("csv", { ...titled, title: "weak tls" }));
    // A rule id "x" and a title "x" are not the same finding.
    expect(fingerprintOf("csv", finding({ ruleId: "x" }))).not.toBe(fingerprintOf("csv", finding({ title: "x" })));
  });
});

describe("detectFormat", () => {
  it("answers null when neither the name nor the first bytes say", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(detectFormat("notes.txt", bytes("hello"))).toBeNull();
    expect(detectFormat("data.json", bytes('{"a": 1}'))).toBeNull();
    expect(detectFormat("page.xml", bytes("<html></html>"))).toBeNull();
    expect(detectFormat("data.jsonl", bytes('{"entry_type": "init"}\n'))).toBe("garak");
  });

  it("has a label and extensions for every format", () => {
    for (const format of IMPORT_FORMATS) {
      expect(IMPORT_FORMAT_LABELS[format]).toBeTruthy();
      expect(IMPORT_FORMAT_EXTENSIONS[format].length).toBeGreaterThan(0);
    }
  });
});

describe("the AI taxonomy", () => {
  it("lists the 2025 OWASP Top 10 for LLM Applications", () => {
    expect(OWASP_LLM_2025.map((entry) => `${entry.id} ${entry.name}`)).toEqual([
      "LLM01 Prompt Injection",
      "LLM02 Sensitive Information Disclosure",
      "LLM03 Supply Chain",
      "LLM04 Data and Model Poisoning",
      "LLM05 Improper Output Handling",
      "LLM06 Excessive Agency",
      "LLM07 System Prompt Leakage",
      "LLM08 Vector and Embedding Weaknesses",
      "LLM09 Misinformation",
      "LLM10 Unbounded Consumption",
    ]);
  });

  it("maps garak probes and promptfoo plugins only to ids it lists", () => {
    for (const taxonomy of [...Object.values(GARAK_PROBE_TAXONOMY), ...Object.values(PROMPTFOO_PLUGIN_TAXONOMY)]) {
      for (const id of taxonomy.owaspLlm) expect(OWASP_LLM_IDS).toContain(id);
      for (const id of taxonomy.atlas) expect(Object.keys(ATLAS_TECHNIQUES)).toContain(id);
    }
  });

  it("reads a probe by its module and a plugin by its id, its collection, and its strategy", () => {
    expect(garakProbeTaxonomy("probes.dan.Dan_11_0")).toEqual({ owaspLlm: ["LLM01"], atlas: ["AML.T0054"] });
    expect(garakProbeTaxonomy("toString")).toEqual({ owaspLlm: [], atlas: [] });
    expect(promptfooTaxonomy("harmful:cybercrime")).toEqual({ owaspLlm: ["LLM01"], atlas: ["AML.T0048"] });
    expect(promptfooTaxonomy("sql-injection", "jailbreak:composite")).toEqual({
      owaspLlm: ["LLM01", "LLM05", "LLM06"],
      atlas: ["AML.T0053", "AML.T0054"],
    });
    expect(promptfooTaxonomy("__proto__")).toEqual({ owaspLlm: [], atlas: [] });
  });
});
