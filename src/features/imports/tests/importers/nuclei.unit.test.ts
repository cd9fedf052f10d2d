import { describe, expect, it } from "vitest";
import { detectFormat, fingerprintOf } from "@/features/imports/server/importers";
import { fixtureBytes, readAll, refusalOf } from "./read-fixture";

const sample = fixtureBytes("nuclei", "results.jsonl");

const result = (fields: Record<string, unknown>) =>
  JSON.stringify({
    "template-id": "t",
    info: { name: "T", severity: "low" },
    host: "https://a.example.test",
    "matched-at": "https://a.example.test/x",
    ...fields,
  });

describe("the Nuclei reader", () => {
  it("reads every result line with its template, matcher, severity, CWE, CVSS and evidence", async () => {
    const findings = await readAll("nuclei", sample);
    expect(findings.map((f) => [f.ruleId, f.severity, f.cwe, f.assets.split("\n")[0]])).toEqual([
      ["CVE-2021-41773:lfi", "critical", 22, "https://files.example.test/icons/.%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd"],
      ["git-config", "medium", 200, "https://files.example.test/.git/config"],
      ["http-missing-security-headers:strict-transport-security", "informational", 693, "https://files.example.test"],
      ["http-missing-security-headers:content-security-policy", "informational", 693, "https://files.example.test"],
      ["weak-cipher-suites:tls-1.0", "low", 326, "files.example.test:443"],
      ["exposed-redis", "high", 306, "cache.example.test:6379"],
    ]);
    const [traversal, git, , , ciphers, redis] = findings;
    expect(traversal).toMatchObject({
      title: "Apache 2.4.49 - Path Traversal and Remote Code Execution",
      cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
      remediation: "Update to Apache HTTP Server 2.4.51 or later.",
      references: "https://httpd.apache.org/security/vulnerabilities_24.html\nhttps://nvd.nist.gov/vuln/detail/CVE-2021-41773",
      assets: "https://files.example.test/icons/.%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd\nhttps://files.example.test",
    });
    expect(traversal!.description).toContain("CVE: cve-2021-41773");
    expect(traversal!.evidence).toContain("Matched: lfi");
    expect(traversal!.evidence).toContain("GET /icons/.%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\nHost: files.example.test");
    expect(traversal!.evidence).toContain("root:x:0:0:root:/root:/bin/bash");
    expect(git!.references).toBe("");
    expect(ciphers!.evidence).toBe("Matched: tls-1.0\n\nExtracted: [tls10 TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA]");
    // A CVSS v3.0 vector is left out.
    expect(redis!.cvssVector).toBeNull();
  });

  it("maps each of Nuclei's severities", async () => {
    const severities = ["critical", "high", "medium", "low", "info", "unknown"];
    const text = severities.map((severity, i) => result({ "template-id": `t${i}`, info: { name: "T", severity } })).join("\n");
    expect((await readAll("nuclei", text)).map((f) => f.severity)).toEqual([
      "critical",
      "high",
      "medium",
      "low",
      "informational",
      "informational",
    ]);
  });

  it("fingerprints alike on two reads, apart per matcher and per URL", async () => {
    const first = (await readAll("nuclei", sample)).map((f) => fingerprintOf("nuclei", f));
    expect((await readAll("nuclei", sample)).map((f) => fingerprintOf("nuclei", f))).toEqual(first);
    expect(new Set(first).size).toBe(6);
    const [a, b] = await readAll("nuclei", `${result({})}\n${result({ "matched-at": "https://a.example.test/y" })}`);
    expect(fingerprintOf("nuclei", a!)).not.toBe(fingerprintOf("nuclei", b!));
  });

  it("refuses a malformed file, naming the line", async () => {
    expect(await refusalOf("nuclei", `${result({})}\n\n{"template-id": "x", `)).toBe("Not a valid Nuclei file: line 3: it is not JSON.");
    expect(await refusalOf("nuclei", `${result({})}\n${result({ "template-id": "" })}`)).toBe(
      "Not a valid Nuclei file: line 2: the result has no template-id.",
    );
    expect(await refusalOf("nuclei", result({ info: { name: "T", severity: "severe" } }))).toBe(
      'Not a valid Nuclei file: line 1: unknown severity "severe".',
    );
    expect(await refusalOf("nuclei", `[${result({})}]`)).toBe(
      "Not a valid Nuclei file: line 1: this is a JSON list; export the results with -jsonl, one per line.",
    );
    expect(await refusalOf("nuclei", "42")).toBe("Not a valid Nuclei file: line 1: it is not a result object.");
    expect(await refusalOf("nuclei", "\n\n")).toBe("Not a valid Nuclei file: it has no findings to import.");
  });

  it("is detected by its first line", () => {
    expect(detectFormat("results.jsonl", sample.subarray(0, 200))).toBe("nuclei");
    expect(detectFormat("out.json", sample.subarray(0, 200))).toBe("nuclei");
  });
});
