import { describe, expect, it } from "vitest";
import { detectFormat, fingerprintOf } from "@/features/imports/server/importers";
import { fixtureBytes, readAll, refusalOf } from "./read-fixture";

const sample = fixtureBytes("nessus", "scan.nessus");

const nessus = (items: string, host = '<ReportHost name="10.0.0.9">') =>
  `<?xml version="1.0" ?>\n<NessusClientData_v2>\n<Report name="r">\n${host}\n${items}\n</ReportHost>\n</Report>\n</NessusClientData_v2>\n`;

describe("the Nessus reader", () => {
  it("reads every ReportItem of the sample with its host, port, severity, CWE, CVSS and output", async () => {
    const findings = await readAll("nessus", sample);
    expect(findings.map((f) => [f.ruleId, f.severity, f.assets])).toEqual([
      ["19506", "informational", "10.0.0.5"],
      ["70658", "low", "10.0.0.5:22/tcp"],
      ["51192", "medium", "10.0.0.5:443/tcp"],
      ["142960", "high", "web01.example.test:443/tcp"],
      ["201198", "critical", "web01.example.test:443/tcp"],
      ["85582", "medium", "web01.example.test:80/tcp"],
    ]);
    const [info, cbc, certificate, apache, php, clickjacking] = findings;
    // A v3.0 vector is not one the product scores: left out.
    expect(cbc).toMatchObject({ title: "SSH Server CBC Mode Ciphers Enabled", cwe: 200, cvssVector: null, toolUid: null });
    expect(cbc!.description).toContain("CVE: CVE-2008-5161");
    expect(cbc!.evidence).toContain("aes128-cbc");
    expect(certificate).toMatchObject({
      cwe: null,
      cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
      references: "https://www.itu.int/rec/T-REC-X.509/en\nhttps://en.wikipedia.org/wiki/X.509",
      remediation: "Purchase or generate a proper SSL certificate for this service.",
    });
    expect(apache!.title).toBe("Apache 2.4.x < 2.4.47 Multiple Vulnerabilities");
    // The v4 vector wins over the v3.1 one; <cwe> and the xref agree.
    expect(php).toMatchObject({ cwe: 78, cvssVector: "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N" });
    expect(clickjacking!.cwe).toBe(693);
    expect(info!.description).toBe(
      "This plugin displays information about the Nessus scan.\n\nThis plugin displays, for each tested host, information about the scan itself.",
    );
    expect(findings.every((f) => f.owaspLlm.length === 0 && f.atlas.length === 0)).toBe(true);
  });

  it("falls back on risk_factor when the severity attribute is missing", async () => {
    const [finding] = await readAll(
      "nessus",
      nessus('<ReportItem port="0" pluginID="1" pluginName="x"><risk_factor>High</risk_factor></ReportItem>'),
    );
    expect(finding!.severity).toBe("high");
  });

  it("fingerprints the same finding alike on two reads, and apart on another host or port", async () => {
    const first = (await readAll("nessus", sample)).map((f) => fingerprintOf("nessus", f));
    const second = (await readAll("nessus", sample)).map((f) => fingerprintOf("nessus", f));
    expect(second).toEqual(first);
    expect(first[0]).toMatch(/^[0-9a-f]{64}$/);
    // Plugin 51192 on 10.0.0.5:443 and plugin 142960 on web01:443 differ; so does one plugin on two ports.
    expect(new Set(first).size).toBe(first.length);
    const [a] = await readAll("nessus", nessus('<ReportItem port="443" protocol="tcp" severity="2" pluginID="1" pluginName="x"/>'));
    const [b] = await readAll("nessus", nessus('<ReportItem port="8443" protocol="tcp" severity="2" pluginID="1" pluginName="x"/>'));
    expect(fingerprintOf("nessus", a!)).not.toBe(fingerprintOf("nessus", b!));
  });

  it("refuses a malformed file, naming the line or the element", async () => {
    expect(await refusalOf("nessus", nessus('<ReportItem port="0" severity="2" pluginName="x"/>'))).toBe(
      "Not a valid Nessus file: the ReportItem at line 5 has no pluginID.",
    );
    expect(await refusalOf("nessus", nessus('<ReportItem port="0" severity="7" pluginID="1" pluginName="x"/>'))).toBe(
      'Not a valid Nessus file: the ReportItem at line 5 has an unknown severity "7" (0 to 4).',
    );
    expect(await refusalOf("nessus", nessus('<ReportItem port="0" pluginID="1" pluginName="x"/>'))).toBe(
      "Not a valid Nessus file: the ReportItem at line 5 has no severity.",
    );
    expect(await refusalOf("nessus", nessus("", "<ReportHost>"))).toBe("Not a valid Nessus file: the ReportHost at line 4 has no name.");
    expect(await refusalOf("nessus", nessus('<ReportItem port="0" severity="1" pluginID="1">\n<description>x</ReportItem>'))).toMatch(
      /^Not a valid Nessus file: line 6: unexpected close tag/,
    );
    expect(await refusalOf("nessus", '<?xml version="1.0"?>\n<issues></issues>')).toBe(
      "Not a valid Nessus file: line 2: the document is a <issues>, not a <NessusClientData_v2> report.",
    );
    expect(await refusalOf("nessus", "")).toBe("Not a valid Nessus file: it has no findings to import.");
    expect(await refusalOf("nessus", nessus(""))).toBe("Not a valid Nessus file: it has no findings to import.");
    expect(await refusalOf("nessus", "not xml at all")).toMatch(/^Not a valid Nessus file: line 1: /);
  });

  it("is detected by its extension and its root element", () => {
    expect(detectFormat("scan.nessus", new Uint8Array())).toBe("nessus");
    expect(detectFormat("export.xml", sample.subarray(0, 200))).toBe("nessus");
  });
});
