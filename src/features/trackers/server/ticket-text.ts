import "server-only";
import { FINDING_SEVERITY_LABELS, type FindingSeverity } from "@/lib/domain/finding";

// What a ticket says of a finding (docs/PRODUCT.md#integrations): its title, severity, CVSS, the
// OWASP LLM and ATLAS ids, the remediation and a link back into the portal; never the evidence, and
// never the description's proof text beyond what the finding's remediation says.

export type TicketFinding = {
  id: string;
  title: string;
  severity: FindingSeverity;
  cvssScoreTenths: number | null;
  cvssVector: string | null;
  owaspLlm: string[];
  atlas: string[];
  remediation: string;
};

export type TicketText = { title: string; markdown: string; marker: string };

/** The hidden mark each ticket carries: a retry finds the ticket it already filed by it. */
export const ticketMarker = (findingId: string) => `sentinel-finding:${findingId}`;

export function ticketText(finding: TicketFinding, portalLink: string): TicketText {
  const facts = [
    `**Severity:** ${FINDING_SEVERITY_LABELS[finding.severity]}`,
    finding.cvssScoreTenths === null
      ? null
      : `**CVSS:** ${(finding.cvssScoreTenths / 10).toFixed(1)}${finding.cvssVector ? ` (\`${finding.cvssVector}\`)` : ""}`,
    finding.owaspLlm.length ? `**OWASP Top 10 for LLM:** ${finding.owaspLlm.join(", ")}` : null,
    finding.atlas.length ? `**MITRE ATLAS:** ${finding.atlas.join(", ")}` : null,
  ].filter((line): line is string => line !== null);
  const marker = ticketMarker(finding.id);
  const markdown = [
    facts.join("  \n"),
    "## Remediation",
    finding.remediation.trim() || "See the finding in the portal.",
    `[Open the finding in the portal](${portalLink})`,
    `<!-- ${marker} -->`,
  ].join("\n\n");
  return { title: `[${FINDING_SEVERITY_LABELS[finding.severity]}] ${finding.title}`, markdown, marker };
}
