import { describe, expect, it } from "vitest";
import { detectFormat, fingerprintOf } from "@/features/imports/server/importers";
import { fixtureBytes, readAll, refusalOf } from "./read-fixture";

const sample = fixtureBytes("zap_json", "report.json");

const report = (alert: Record<string, unknown>) =>
  JSON.stringify({ "@programName": "ZAP", site: [{ "@name": "https://a.example.test", alerts: [alert] }] });

describe("the ZAP JSON reader", () => {
  it("reads every alert of each site as the XML report does", async () => {
    const findings = await readAll("zap_json", sample);
    expect(findings.map((f) => [f.ruleId, f.title, f.severity, f.cwe, f.assets.split("\n")[0]])).toEqual([
      ["40012", "Cross Site Scripting (Reflected)", "high", 79, "https://app.example.test"],
      ["10038-1", "Content Security Policy (CSP) Header Not Set", "medium", 693, "https://app.example.test"],
      ["10010", "Cookie No HttpOnly Flag", "low", 1004, "https://app.example.test"],
      ["10096", "Timestamp Disclosure - Unix", "informational", 200, "https://api.example.test"],
      // cweid -1: no CWE.
      ["90022", "Application Error Disclosure", "low", null, "https://api.example.test"],
    ]);
    expect(findings[3]!.evidence).toBe(
      "GET https://api.example.test/v1/status\nEvidence: 1795779667\n1795779667, which evaluates to: 2026-11-26 10:41:07.",
    );
    expect(findings[4]!.references).toBe("");
  });

  it("gives an alert the fingerprint the XML report gives it", async () => {
    const json = await readAll("zap_json", sample);
    const xml = await readAll("zap_xml", fixtureBytes("zap_xml", "report.xml"));
    expect(fingerprintOf("zap_json", json[0]!)).toBe(fingerprintOf("zap_xml", xml[0]!));
    expect((await readAll("zap_json", sample)).map((f) => fingerprintOf("zap_json", f))).toEqual(
      json.map((f) => fingerprintOf("zap_json", f)),
    );
  });

  it("refuses a malformed file, naming the alert", async () => {
    expect(await refusalOf("zap_json", report({ pluginid: "1", alert: "x", riskcode: "9" }))).toBe(
      'Not a valid OWASP ZAP file: alert 1 of site 1 has an unknown riskcode "9" (0 to 3).',
    );
    expect(await refusalOf("zap_json", report({ pluginid: "1", riskcode: "1", instances: "x" }))).toBe(
      "Not a valid OWASP ZAP file: alert 1 of site 1 has instances that are not a list.",
    );
    expect(await refusalOf("zap_json", JSON.stringify({ site: [{ alerts: [] }] }))).toBe(
      "Not a valid OWASP ZAP file: site 1 has no @name.",
    );
    expect(await refusalOf("zap_json", "{}")).toBe('Not a valid OWASP ZAP file: it has no "site" list.');
    expect(await refusalOf("zap_json", '{\n"site": [\n"a" x]}')).toBe("Not a valid OWASP ZAP file: line 3: it is not JSON.");
    expect(await refusalOf("zap_json", "<html>")).toBe("Not a valid OWASP ZAP file: the file is not JSON.");
    expect(await refusalOf("zap_json", JSON.stringify({ site: [{ "@name": "x", alerts: [] }] }))).toBe(
      "Not a valid OWASP ZAP file: it has no findings to import.",
    );
    expect(await refusalOf("zap_json", "")).toBe("Not a valid OWASP ZAP file: it has no findings to import.");
  });

  it("is detected by its keys", () => {
    expect(detectFormat("report.json", sample.subarray(0, 300))).toBe("zap_json");
  });
});
