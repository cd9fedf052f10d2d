import { describe, expect, it } from "vitest";
import { detectFormat, fingerprintOf } from "@/features/imports/server/importers";
import { fixtureBytes, readAll, refusalOf } from "./read-fixture";

const sample = fixtureBytes("burp", "issues.xml");

const issue = (fields: string) => `<?xml version="1.0"?>\n<issues burpVersion="2024.9.2">\n<issue>\n${fields}\n</issue>\n</issues>\n`;
const host = "<host>https://a.example.test</host><path>/x</path>";

describe("the Burp Suite reader", () => {
  it("reads every issue of the sample with its type, severity, CWE, host and path", async () => {
    const findings = await readAll("burp", sample);
    expect(findings.map((f) => [f.ruleId, f.title, f.severity, f.cwe, f.assets])).toEqual([
      ["2097920", "Cross-site scripting (reflected)", "high", 79, "https://shop.example.test/search"],
      ["1048832", "SQL injection", "high", 89, "https://shop.example.test/api/products"],
      ["5245952", "Cookie without HttpOnly flag set", "low", 16, "https://shop.example.test/login"],
      ["5244416", "Cacheable HTTPS response", "informational", 524, "https://shop.example.test/account"],
      ["16777728", "Strict transport security not enforced", "medium", 523, "https://admin.example.test/"],
    ]);
    const [xss, sqli, cookie] = findings;
    // The background and the detail as text, the confidence named.
    expect(xss!.description).toContain("Reflected cross-site scripting vulnerabilities arise");
    expect(xss!.description).toContain("The value of the q request parameter");
    expect(xss!.description).toContain("Confidence: Certain");
    expect(xss!.description).not.toContain("<p>");
    expect(xss!.remediation).toContain("- Input should be validated as strictly as possible on arrival.");
    expect(xss!.references).toBe(
      "https://portswigger.net/web-security/cross-site-scripting\nhttps://cwe.mitre.org/data/definitions/79.html\nhttps://cwe.mitre.org/data/definitions/116.html",
    );
    // The base64 request and response decoded; the plain ones as they are.
    expect(xss!.evidence).toContain("GET /search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E HTTP/1.1\nHost: shop.example.test");
    expect(xss!.evidence).toContain("<p>No results for <script>alert(1)</script></p>");
    expect(sqli!.evidence).toContain('ERROR: unterminated quoted string at or near "\'"');
    expect(cookie!.evidence).toBe("");
    expect(findings.every((f) => f.toolUid === null && f.cvssVector === null)).toBe(true);
  });

  it("fingerprints alike on two reads, apart on another path", async () => {
    const first = (await readAll("burp", sample)).map((f) => fingerprintOf("burp", f));
    expect((await readAll("burp", sample)).map((f) => fingerprintOf("burp", f))).toEqual(first);
    const [a] = await readAll("burp", issue(`<type>1</type><name>x</name>${host}<severity>Low</severity>`));
    const [b] = await readAll(
      "burp",
      issue(`<type>1</type><name>x</name><host>https://a.example.test</host><path>/y</path><severity>Low</severity>`),
    );
    expect(fingerprintOf("burp", a!)).not.toBe(fingerprintOf("burp", b!));
  });

  it("refuses a malformed file, naming the issue or the line", async () => {
    expect(await refusalOf("burp", issue(`<type>1</type><name>x</name>${host}<severity>Urgent</severity>`))).toBe(
      'Not a valid Burp Suite file: the issue at line 3 has an unknown severity "Urgent" (High, Medium, Low or Information).',
    );
    expect(await refusalOf("burp", issue(`${host}<severity>High</severity>`))).toBe(
      "Not a valid Burp Suite file: the issue at line 3 has neither a type nor a name.",
    );
    expect(await refusalOf("burp", '<?xml version="1.0"?>\n<issues>\n<issue>\n<name>x</issue>\n</issues>')).toMatch(
      /^Not a valid Burp Suite file: line 4: unexpected close tag/,
    );
    expect(await refusalOf("burp", '<?xml version="1.0"?>\n<issues burpVersion="2024.9.2">\n</issues>\n')).toBe(
      "Not a valid Burp Suite file: it has no findings to import.",
    );
    expect(await refusalOf("burp", fixtureBytes("zap_xml", "report.xml"))).toBe(
      "Not a valid Burp Suite file: line 2: the document is a <OWASPZAPReport>, not a <issues> report.",
    );
  });

  it("is detected by its root element", () => {
    expect(detectFormat("burp-export.xml", sample.subarray(0, 4096))).toBe("burp");
  });
});
