import { describe, expect, it } from "vitest";
import { detectFormat, fingerprintOf } from "@/features/imports/server/importers";
import { fixtureBytes, readAll, refusalOf } from "./read-fixture";

const sample = fixtureBytes("csv", "findings.csv");

describe("the CSV reader", () => {
  it("reads each row with its columns, whatever their case and order", async () => {
    const findings = await readAll("csv", sample);
    expect(findings.map((f) => [f.title, f.severity, f.cwe, f.cvssVector])).toEqual([
      ["Default credentials on the router admin page", "critical", 1392, "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"],
      ["Outdated TLS configuration", "medium", 326, null],
      ["Verbose error pages, with a stack trace", "low", 209, "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N"],
      ["Security headers review", "informational", null, null],
      // A CVSS v3.0 vector is left out.
      ["Prompt injection in the support bot", "high", null, null],
    ]);
    const [credentials, , errors, , injection] = findings;
    expect(credentials).toMatchObject({
      ruleId: null,
      toolUid: null,
      description: "The admin page at /admin accepts admin/admin.",
      remediation: "Change the password, and restrict the page to the management network.",
      assets: "https://router.example.test/admin",
      references: "https://cwe.mitre.org/data/definitions/1392.html",
      evidence: "",
    });
    expect(errors!.description).toBe("An unhandled error shows a stack trace:\nline one\nline two");
    expect(errors!.assets).toBe("https://app.example.test/orders/x\nhttps://app.example.test/cart/x");
    expect(injection!.references).toBe(
      "https://genai.owasp.org/llmrisk/llm01-prompt-injection/\nhttps://atlas.mitre.org/techniques/AML.T0051",
    );
  });

  it("takes only title and severity, in any case", async () => {
    const [finding] = await readAll("csv", "SEVERITY,TITLE\nInfo,Banner\n");
    expect(finding).toMatchObject({ title: "Banner", severity: "informational", assets: "", cwe: null });
  });

  it("fingerprints by lower-cased title, CWE and first asset", async () => {
    const first = (await readAll("csv", sample)).map((f) => fingerprintOf("csv", f));
    expect((await readAll("csv", sample)).map((f) => fingerprintOf("csv", f))).toEqual(first);
    const [a, b, c] = await readAll(
      "csv",
      "title,severity,asset\nWeak TLS,low,a.example.test\nweak  tls,high,a.example.test\nWeak TLS,low,b.example.test\n",
    );
    expect(fingerprintOf("csv", a!)).toBe(fingerprintOf("csv", b!));
    expect(fingerprintOf("csv", a!)).not.toBe(fingerprintOf("csv", c!));
  });

  it("refuses a malformed file, naming the line", async () => {
    expect(await refusalOf("csv", "name,severity\nx,high\n")).toBe('Not a valid CSV file: line 1: the header has no "title" column.');
    expect(await refusalOf("csv", "title\nx\n")).toBe('Not a valid CSV file: line 1: the header has no "severity" column.');
    expect(await refusalOf("csv", "title,severity\nx,high\ny,urgent\n")).toBe(
      'Not a valid CSV file: line 3: unknown severity "urgent" (Critical, High, Medium, Low or Informational).',
    );
    expect(await refusalOf("csv", "title,severity\nx,high\n,low\n")).toBe("Not a valid CSV file: line 3: the row has no title.");
    expect(await refusalOf("csv", "title,severity,cwe\nx,high,XSS\n")).toBe(
      'Not a valid CSV file: line 2: the CWE "XSS" is not a CWE number.',
    );
    expect(await refusalOf("csv", "title,severity\nx,high\ny,low,extra\n")).toBe(
      "Not a valid CSV file: line 3: the row does not have as many fields as the header.",
    );
    expect(await refusalOf("csv", 'title,severity\n"x,high\n')).toBe("Not a valid CSV file: line 2: a quoted field is never closed.");
    expect(await refusalOf("csv", "title,severity\n")).toBe("Not a valid CSV file: it has no findings to import.");
    expect(await refusalOf("csv", "")).toBe("Not a valid CSV file: it has no findings to import.");
  });

  it("is detected by its extension", () => {
    expect(detectFormat("Findings.CSV", sample.subarray(0, 100))).toBe("csv");
  });
});
