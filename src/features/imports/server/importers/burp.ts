import "server-only";
import type { FindingSeverity } from "@/lib/domain/finding";
import { cweOf, htmlToText, importedFinding, lines, linksOf, paragraphs, refuse, type ImportedFinding } from "./imported-finding";
import { childOf, childText, streamXml, type XmlNode } from "./xml-stream";

const TOOL = "Burp Suite";

const SEVERITY = new Map<string, FindingSeverity>([
  ["high", "high"],
  ["medium", "medium"],
  ["low", "low"],
  ["information", "informational"],
  ["info", "informational"],
]);

// Burp writes a request or response in base64 when asked to (base64="true"); the evidence keeps
// this much of each, as text.
const MESSAGE_MAX = 8000;

function messageText(node: XmlNode | undefined): string {
  if (!node || !node.text) return "";
  if (node.attributes.base64 !== "true") return node.text.slice(0, MESSAGE_MAX);
  const base64 = node.text.replace(/\s+/g, "");
  const head = base64.slice(0, Math.ceil((MESSAGE_MAX * 4) / 3 / 4) * 4);
  return Buffer.from(head, "base64").toString("utf8").slice(0, MESSAGE_MAX);
}

function evidenceOf(issue: XmlNode): string {
  return issue.children
    .filter((child) => child.name === "requestresponse")
    .slice(0, 3)
    .map((pair) => paragraphs(messageText(childOf(pair, "request")), messageText(childOf(pair, "response"))))
    .join("\n\n");
}

function findingOf(issue: XmlNode): ImportedFinding {
  const where = `the issue at line ${issue.line}`;
  const type = childText(issue, "type");
  const name = childText(issue, "name");
  if (!type && !name) throw refuse(TOOL, `${where} has neither a type nor a name.`);
  const rawSeverity = childText(issue, "severity");
  const severity = SEVERITY.get(rawSeverity.toLowerCase());
  if (!severity) throw refuse(TOOL, `${where} has an unknown severity "${rawSeverity.slice(0, 20)}" (High, Medium, Low or Information).`);
  const host = childText(issue, "host");
  const classifications = childText(issue, "vulnerabilityClassifications");
  const cwe = cweOf(/CWE-(\d+)/i.exec(classifications)?.[1]);
  const confidence = childText(issue, "confidence");
  return importedFinding({
    toolUid: null,
    ruleId: type || null,
    title: name || `Burp issue type ${type}`,
    severity,
    cwe,
    assets: lines([`${host}${childText(issue, "path")}`]),
    description: paragraphs(
      htmlToText(childText(issue, "issueBackground")),
      htmlToText(childText(issue, "issueDetail")),
      confidence ? `Confidence: ${confidence}` : "",
    ),
    remediation: paragraphs(htmlToText(childText(issue, "remediationBackground")), htmlToText(childText(issue, "remediationDetail"))),
    references: lines([...linksOf(childText(issue, "references")).split("\n"), ...linksOf(classifications).split("\n")]),
    evidence: evidenceOf(issue),
  });
}

/** A Burp Suite "Report issues" XML export: one finding per issue, on its host and path. */
export async function* readBurp(source: AsyncIterable<Uint8Array>): AsyncGenerator<ImportedFinding> {
  for await (const event of streamXml(source, { tool: TOOL, root: "issues", capture: new Set(["issue"]) })) {
    if (event.kind === "node") yield findingOf(event.node);
  }
}
