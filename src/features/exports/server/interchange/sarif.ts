import "server-only";
import type { FindingSeverity } from "@/lib/domain/finding";
import { FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import { codeLocationsOf, type InterchangeFinding, referenceUrls, ruleOf } from "./finding-record";

// SARIF 2.1.0 (docs/PRODUCT.md#exports): one run, one rule per category, one result per finding.
// A finding with a code location among its assets is a result with its locations; any other is a
// result without, under the rule of its category. Closed findings carry a suppression or a
// "fixed"-style baseline state so a code scanning dashboard does not show them as live alerts.

const LEVEL: Record<FindingSeverity, "error" | "warning" | "note" | "none"> = {
  critical: "error",
  high: "error",
  medium: "warning",
  low: "note",
  informational: "none",
};

// GitHub code scanning reads a rule's security-severity (a CVSS-like number) to rank alerts.
const SECURITY_SEVERITY: Record<FindingSeverity, string> = {
  critical: "9.5",
  high: "8.0",
  medium: "5.5",
  low: "2.0",
  informational: "0.0",
};

export function toSarif(findings: readonly InterchangeFinding[], { toolVersion, appUrl }: { toolVersion: string; appUrl: string }) {
  const rules = new Map<string, { id: string; name: string; severity: FindingSeverity }>();
  for (const f of findings) {
    const rule = ruleOf(f);
    if (!rules.has(rule.id)) rules.set(rule.id, { ...rule, severity: f.severity });
  }
  const ruleIds = [...rules.keys()];
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0" as const,
    runs: [
      {
        tool: {
          driver: {
            name: "Client Portal findings",
            version: toolVersion,
            informationUri: appUrl,
            rules: [...rules.values()].map((r) => ({
              id: r.id,
              name: r.name.replace(/[^A-Za-z0-9]/g, ""),
              shortDescription: { text: r.name },
              properties: { "security-severity": SECURITY_SEVERITY[r.severity], tags: ["security"] },
            })),
          },
        },
        results: findings.map((f) => {
          const rule = ruleOf(f);
          const locations = codeLocationsOf(f.assets).map((l) => ({
            physicalLocation: { artifactLocation: { uri: l.uri }, ...(l.line ? { region: { startLine: l.line } } : {}) },
          }));
          const closed =
            f.status === "verified_fixed" || f.status === "false_positive" || f.status === "duplicate" || f.status === "withdrawn";
          const accepted = f.status === "risk_accepted" || f.status === "wont_fix";
          return {
            ruleId: rule.id,
            ruleIndex: ruleIds.indexOf(rule.id),
            level: LEVEL[f.severity],
            message: { text: f.description.trim() ? `${f.title}\n\n${f.description}` : f.title },
            ...(locations.length ? { locations } : {}),
            partialFingerprints: { findingId: f.id },
            ...(closed || accepted
              ? {
                  suppressions: [
                    { kind: "external" as const, status: "accepted" as const, justification: FINDING_STATUS_LABELS[f.status] },
                  ],
                }
              : {}),
            properties: {
              status: f.status,
              severity: f.severity,
              engagement: f.engagement,
              ...(f.cvssVector ? { cvssVector: f.cvssVector } : {}),
              ...(f.cvssScoreTenths !== null ? { cvssScore: f.cvssScoreTenths / 10 } : {}),
              ...(f.owaspLlm.length ? { owaspLlm: f.owaspLlm } : {}),
              ...(f.atlas.length ? { atlas: f.atlas } : {}),
              ...(f.assets.trim() ? { assets: f.assets } : {}),
              ...(f.remediation.trim() ? { remediation: f.remediation } : {}),
              ...(referenceUrls(f.references).length ? { references: referenceUrls(f.references) } : {}),
              publishedAt: f.publishedAt.toISOString(),
              ...(f.dueOn ? { dueOn: f.dueOn } : {}),
            },
          };
        }),
      },
    ],
  };
}
