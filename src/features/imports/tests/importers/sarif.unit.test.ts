import { describe, expect, it } from "vitest";
import { detectFormat, fingerprintOf } from "@/features/imports/server/importers";
import { fixtureBytes, readAll, refusalOf } from "./read-fixture";

const sample = fixtureBytes("sarif", "codeql.sarif");

const log = (results: unknown[], rules: unknown[] = []) =>
  JSON.stringify({ version: "2.1.0", runs: [{ tool: { driver: { name: "T", rules } }, results }] });

describe("the SARIF reader", () => {
  it("reads every result with its rule, severity, CWE, location, help and tool id", async () => {
    const findings = await readAll("sarif", sample);
    expect(findings.map((f) => [f.ruleId, f.severity, f.cwe, f.assets])).toEqual([
      // security-severity 7.8 and 9.8 win over the level.
      ["js/reflected-xss", "high", 79, "src/routes/search.js:42"],
      ["js/sql-injection", "critical", 89, "src/db/products.js:17"],
      ["js/missing-rate-limiting", "medium", 770, "src/routes/login.js:8"],
      ["js/unused-local-variable", "low", null, "src/util/format.js:3"],
      ["js/reflected-xss", "high", 79, "views.profile.render"],
    ]);
    const [xss, sqli, rate] = findings;
    expect(xss).toMatchObject({
      toolUid: "guid:5d7a1c7e-1f0e-4a4b-9d3b-2e8f3d1c9a01",
      title: "Reflected cross-site scripting",
      description: "Cross-site scripting vulnerability due to a user-provided value.",
      remediation: "# Reflected cross-site scripting\nSanitize user input before writing it to the response.",
      references: "https://codeql.github.com/codeql-query-help/javascript/js-reflected-xss/",
      evidence: "res.send(`<p>${req.query.q}</p>`);",
      cvssVector: null,
    });
    expect(sqli!.toolUid).toBe("primaryLocationLineHash=a3f1e2d4c5b6a798:1;primaryLocationStartColumnFingerprint=12");
    expect(rate!.toolUid).toBeNull();
  });

  it("maps each level when no security-severity is given", async () => {
    const results = ["error", "warning", "note", "none", undefined].map((level) => ({ ruleId: "r", level, message: { text: "m" } }));
    expect((await readAll("sarif", log(results))).map((f) => f.severity)).toEqual(["high", "medium", "low", "informational", "medium"]);
  });

  it("fingerprints by the tool's id when there is one, else by rule, CWE and location", async () => {
    const first = (await readAll("sarif", sample)).map((f) => fingerprintOf("sarif", f));
    expect((await readAll("sarif", sample)).map((f) => fingerprintOf("sarif", f))).toEqual(first);
    expect(new Set(first).size).toBe(5);
    const [a, b] = await readAll(
      "sarif",
      log([
        { ruleId: "r", guid: "g1", message: { text: "m" } },
        { ruleId: "r", guid: "g1", message: { text: "other" } },
      ]),
    );
    expect(fingerprintOf("sarif", a!)).toBe(fingerprintOf("sarif", b!));
    const at = (uri: string) => ({ ruleId: "r", message: { text: "m" }, locations: [{ physicalLocation: { artifactLocation: { uri } } }] });
    const [c, d] = await readAll("sarif", log([at("a.js"), at("b.js")]));
    expect(fingerprintOf("sarif", c!)).not.toBe(fingerprintOf("sarif", d!));
  });

  it("keeps the SARIF import's refusals", async () => {
    const refusal = (text: string) => refusalOf("sarif", text);
    expect(await refusal("not json")).toBe("Not a valid SARIF 2.1.0 file: the file is not JSON.");
    expect(await refusal('{\n"version": "2.1.0",\n"runs": [1 2]}')).toBe("Not a valid SARIF 2.1.0 file: line 3: it is not JSON.");
    expect(await refusal("[]")).toBe("Not a valid SARIF 2.1.0 file: the file is not a SARIF log object.");
    expect(await refusal('{"version": "2.0.0", "runs": []}')).toBe('Not a valid SARIF 2.1.0 file: its "version" must be "2.1.0".');
    expect(await refusal('{"version": "2.1.0"}')).toBe('Not a valid SARIF 2.1.0 file: it has no "runs" list.');
    expect(await refusal('{"version": "2.1.0", "runs": [{"tool": {}}]}')).toBe("Not a valid SARIF 2.1.0 file: run 1 has no tool name.");
    expect(await refusal(log([{ ruleId: "r" }]))).toBe("Not a valid SARIF 2.1.0 file: result 1 of run 1 has no message.");
    expect(await refusal(log([{ ruleId: 3, message: { text: "m" } }]))).toBe(
      "Not a valid SARIF 2.1.0 file: result 1 of run 1 has a ruleId that is not text.",
    );
    expect(await refusal(log([{ ruleId: "r", level: "__proto__", message: { text: "m" } }]))).toBe(
      "Not a valid SARIF 2.1.0 file: result 1 of run 1 has an unknown level.",
    );
    expect(await refusal(log([{ ruleId: "r", message: { text: "m" }, locations: {} }]))).toBe(
      "Not a valid SARIF 2.1.0 file: result 1 of run 1 has locations that are not a list.",
    );
    expect(await refusal(log([{ message: {} }]))).toBe(
      "Not a valid SARIF 2.1.0 file: result 1 of run 1 has neither a rule nor a message text.",
    );
    expect(await refusal(log([{ ruleId: "r", message: { text: "m" } }], [{ id: "r", defaultConfiguration: { level: "fatal" } }]))).toBe(
      "Not a valid SARIF 2.1.0 file: the rule of result 1 of run 1 has an unknown default level.",
    );
    expect(await refusal(log([]))).toBe("Not a valid SARIF 2.1.0 file: it has no findings to import.");
  });

  it("is detected by its extension and its keys", () => {
    expect(detectFormat("codeql.sarif", new Uint8Array())).toBe("sarif");
    expect(detectFormat("scan.json", sample.subarray(0, 300))).toBe("sarif");
  });
});
