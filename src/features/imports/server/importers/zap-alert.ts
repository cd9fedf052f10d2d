import "server-only";
import type { FindingSeverity } from "@/lib/domain/finding";
import { cweOf, htmlToText, importedFinding, lines, linksOf, paragraphs, refuse, type ImportedFinding } from "./imported-finding";

export const ZAP_TOOL = "OWASP ZAP";

// riskcode: 0 informational to 3 high (ZAP has no critical).
const RISK = new Map<string, FindingSeverity>([
  ["0", "informational"],
  ["1", "low"],
  ["2", "medium"],
  ["3", "high"],
]);

/** An alert as both ZAP reports hold it (the XML's elements, the JSON's keys). */
export type ZapAlert = {
  pluginid: string;
  alertRef: string;
  alert: string;
  riskcode: string;
  confidencedesc: string;
  desc: string;
  solution: string;
  otherinfo: string;
  reference: string;
  cweid: string;
  wascid: string;
  instances: { uri: string; method: string; param: string; attack: string; evidence: string; otherinfo: string }[];
};

const EVIDENCE_INSTANCES = 5;

/**
 * One finding per alert of a site. The rule id is the alertRef ("10020-1") when there is one, the
 * plugin id otherwise: one plugin raises several alerts. The site comes first in the assets, then
 * each instance's URL, so the fingerprint's first asset stays the site whatever the instances.
 */
export function zapFinding(site: string, alert: ZapAlert, where: string): ImportedFinding {
  const ruleId = alert.alertRef.trim() || alert.pluginid.trim();
  if (!ruleId) throw refuse(ZAP_TOOL, `${where} has no pluginid.`);
  const severity = RISK.get(alert.riskcode.trim());
  if (!severity) throw refuse(ZAP_TOOL, `${where} has an unknown riskcode "${alert.riskcode.trim().slice(0, 20)}" (0 to 3).`);
  const wasc = Number(alert.wascid);
  const evidence = alert.instances
    .slice(0, EVIDENCE_INSTANCES)
    .map((instance) =>
      [
        `${instance.method} ${instance.uri}`.trim(),
        instance.param && `Parameter: ${instance.param}`,
        instance.attack && `Attack: ${instance.attack}`,
        instance.evidence && `Evidence: ${instance.evidence}`,
        instance.otherinfo && htmlToText(instance.otherinfo),
      ]
        .filter(Boolean)
        .join("\n"),
    );
  return importedFinding({
    toolUid: null,
    ruleId,
    title: alert.alert.trim() || `ZAP alert ${ruleId}`,
    severity,
    cwe: cweOf(alert.cweid),
    assets: lines([site, ...alert.instances.map((instance) => instance.uri)]),
    description: paragraphs(
      htmlToText(alert.desc),
      htmlToText(alert.otherinfo),
      alert.confidencedesc && `Confidence: ${alert.confidencedesc}`,
      Number.isInteger(wasc) && wasc > 0 ? `WASC: ${wasc}` : "",
    ),
    remediation: htmlToText(alert.solution),
    references: linksOf(alert.reference),
    evidence: paragraphs(...evidence),
  });
}
