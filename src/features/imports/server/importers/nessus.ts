import "server-only";
import type { FindingSeverity } from "@/lib/domain/finding";
import { cweOf, importedFinding, lines, paragraphs, refuse, type ImportedFinding } from "./imported-finding";
import { childText, childTexts, streamXml, type XmlNode } from "./xml-stream";

const TOOL = "Nessus";

// ReportItem's severity attribute, Nessus's 0 (info) to 4 (critical). A Map: an attribute named
// after an Object.prototype member finds nothing.
const SEVERITY = new Map<string, FindingSeverity>([
  ["0", "informational"],
  ["1", "low"],
  ["2", "medium"],
  ["3", "high"],
  ["4", "critical"],
]);
// risk_factor, read when the attribute is missing.
const RISK_FACTOR = new Map<string, FindingSeverity>([
  ["none", "informational"],
  ["low", "low"],
  ["medium", "medium"],
  ["high", "high"],
  ["critical", "critical"],
]);

function severityOf(item: XmlNode): FindingSeverity {
  const where = `the ReportItem at line ${item.line}`;
  const attribute = item.attributes.severity?.trim();
  if (attribute !== undefined) {
    const severity = SEVERITY.get(attribute);
    if (!severity) throw refuse(TOOL, `${where} has an unknown severity "${attribute.slice(0, 20)}" (0 to 4).`);
    return severity;
  }
  const risk = childText(item, "risk_factor");
  const severity = RISK_FACTOR.get(risk.toLowerCase());
  if (!severity) throw refuse(TOOL, `${where} has no severity.`);
  return severity;
}

/** "web01 (tcp/443 www)" reads worse in a list than "web01:443/tcp"; port 0 is the host itself. */
function assetOf(host: string, item: XmlNode): string {
  const port = item.attributes.port?.trim() ?? "0";
  const protocol = item.attributes.protocol?.trim();
  return port && port !== "0" ? `${host}:${port}${protocol ? `/${protocol}` : ""}` : host;
}

function findingOf(host: string, item: XmlNode): ImportedFinding {
  const pluginId = item.attributes.pluginID?.trim();
  if (!pluginId) throw refuse(TOOL, `the ReportItem at line ${item.line} has no pluginID.`);
  const title = item.attributes.pluginName?.trim() || childText(item, "plugin_name") || childText(item, "synopsis");
  // <cwe> in newer exports, an xref "CWE:79" in every one.
  const xrefCwes = childTexts(item, "xref").map((xref) => (/^CWE:/i.test(xref) ? cweOf(xref.slice(4)) : null));
  const cwe = cweOf(childText(item, "cwe")) ?? xrefCwes.find((value) => value !== null) ?? null;
  const cves = childTexts(item, "cve");
  return importedFinding({
    toolUid: null,
    ruleId: pluginId,
    title: title || `Nessus plugin ${pluginId}`,
    severity: severityOf(item),
    cwe,
    // A v4 vector when Nessus gives one, else the v3 one (v3.0 vectors are not scored: left out).
    cvssVector:
      [childText(item, "cvss4_vector"), childText(item, "cvss3_vector")].find(
        (vector) => vector.startsWith("CVSS:3.1/") || vector.startsWith("CVSS:4.0/"),
      ) ?? null,
    assets: assetOf(host, item),
    description: paragraphs(childText(item, "synopsis"), childText(item, "description"), cves.length ? `CVE: ${cves.join(", ")}` : ""),
    remediation: childText(item, "solution"),
    references: lines(childTexts(item, "see_also").flatMap((text) => text.split(/\s+/))),
    evidence: childText(item, "plugin_output"),
  });
}

/** A Nessus v2 (.nessus) file: one finding per ReportItem, on its ReportHost and port. */
export async function* readNessus(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  let host: string | null = null;
  for await (const event of streamXml(source, {
    tool: TOOL,
    root: "NessusClientData_v2",
    capture: new Set(["ReportItem"]),
    watch: new Set(["ReportHost"]),
  })) {
    if (event.kind === "open") {
      host = event.attributes.name?.trim() || null;
      if (!host) throw refuse(TOOL, `the ReportHost at line ${event.line} has no name.`);
    } else {
      if (!host) throw refuse(TOOL, `the ReportItem at line ${event.node.line} is outside a ReportHost.`);
      yield findingOf(host, event.node);
    }
  }
}
