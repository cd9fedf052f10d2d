import { describe, expect, it } from "vitest";
import { detectFormat, fingerprintOf } from "@/features/imports/server/importers";
import { fixtureBytes, readAll, refusalOf } from "./read-fixture";

const sample = fixtureBytes("zap_xml", "report.xml");

const report = (alert: string, site = '<site name="https://a.example.test">') =>
  `<?xml version="1.0"?>\n<OWASPZAPReport programName="ZAP" version="2.15.0">\n${site}\n<alerts>\n<alertitem>\n${alert}\n</alertitem>\n</alerts>\n</site>\n</OWASPZAPReport>\n`;

describe("the ZAP XML reader", () => {
  it("reads every alert of each site with its risk, CWE, instances and references", async () => {
    const findings = await readAll("zap_xml", sample);
    expect(findings.map((f) => [f.ruleId, f.severity, f.cwe, f.assets.split("\n")[0]])).toEqual([
      ["40012", "high", 79, "https://app.example.test"],
      ["10038-1", "medium", 693, "https://app.example.test"],
      ["10020-1", "medium", 1021, "https://app.example.test"],
      ["10010", "low", 1004, "https://app.example.test"],
      ["10096", "informational", 200, "https://api.example.test"],
    ]);
    const [xss, csp] = findings;
    expect(xss).toMatchObject({
      title: "Cross Site Scripting (Reflected)",
      remediation: "Phase: Architecture and Design\nUse a vetted library or framework that does not allow this weakness to occur.",
      references: "https://owasp.org/www-community/attacks/xss/\nhttps://cwe.mitre.org/data/definitions/79.html",
      evidence:
        "GET https://app.example.test/search?q=%3CscrIpt%3Ealert%281%29%3B%3C%2FscRipt%3E\nParameter: q\nAttack: <scrIpt>alert(1);</scRipt>\nEvidence: <scrIpt>alert(1);</scRipt>",
    });
    expect(xss!.description).toBe(
      "Cross-site Scripting (XSS) is an attack technique that involves echoing attacker-supplied code into a user's browser instance.\n\nConfidence: Medium\n\nWASC: 8",
    );
    expect(csp!.assets).toBe("https://app.example.test\nhttps://app.example.test/\nhttps://app.example.test/login");
  });

  it("fingerprints alike on two reads, apart on another site", async () => {
    const first = (await readAll("zap_xml", sample)).map((f) => fingerprintOf("zap_xml", f));
    expect((await readAll("zap_xml", sample)).map((f) => fingerprintOf("zap_xml", f))).toEqual(first);
    expect(new Set(first).size).toBe(5);
    const alert = "<pluginid>1</pluginid><alert>x</alert><riskcode>1</riskcode>";
    const [a] = await readAll("zap_xml", report(alert));
    const [b] = await readAll("zap_xml", report(alert, '<site name="https://b.example.test">'));
    expect(fingerprintOf("zap_xml", a!)).not.toBe(fingerprintOf("zap_xml", b!));
  });

  it("refuses a malformed file, naming the element or the line", async () => {
    expect(await refusalOf("zap_xml", report("<pluginid>1</pluginid><alert>x</alert><riskcode>4</riskcode>"))).toBe(
      'Not a valid OWASP ZAP file: the alertitem at line 5 has an unknown riskcode "4" (0 to 3).',
    );
    expect(await refusalOf("zap_xml", report("<alert>x</alert><riskcode>1</riskcode>"))).toBe(
      "Not a valid OWASP ZAP file: the alertitem at line 5 has no pluginid.",
    );
    expect(await refusalOf("zap_xml", report("<pluginid>1</pluginid>", "<site>"))).toBe(
      "Not a valid OWASP ZAP file: the site at line 3 has no name.",
    );
    expect(await refusalOf("zap_xml", report("<pluginid>1<pluginid>"))).toMatch(
      /^Not a valid OWASP ZAP file: line 7: unexpected close tag/,
    );
    expect(await refusalOf("zap_xml", '<?xml version="1.0"?>\n<OWASPZAPReport version="2.15.0"></OWASPZAPReport>')).toBe(
      "Not a valid OWASP ZAP file: it has no findings to import.",
    );
  });

  it("is detected by its root element", () => {
    expect(detectFormat("zap.xml", sample.subarray(0, 500))).toBe("zap_xml");
  });
});
