import "server-only";
import { FINDING_SEVERITY_LABELS, type FindingSeverity } from "@/lib/domain/finding";
import type { TrackerMapping } from "@/lib/domain/tracker";
import { appLink } from "@/features/notifications/server";

// What a ticket says of a finding (docs/PRODUCT.md#integrations): its title, severity, CVSS, the
// OWASP LLM and ATLAS ids, the remediation and a link back into the portal. The description, with
// its proof, only when the connection's owners chose to attach evidence: a ticket has more readers
// than the report vault.

export type TicketFinding = {
  id: string;
  title: string;
  severity: FindingSeverity;
  cvssScoreTenths: number | null;
  cvssVector: string | null;
  owaspLlm: string[];
  atlas: string[];
  remediation: string;
  description: string;
};

export type TicketText = { title: string; markdown: string; marker: string };

/** The hidden mark each ticket carries: a retry finds the ticket it already filed by it. */
export const ticketMarker = (findingId: string) => `sentinel-finding:${findingId}`;

export function ticketText(finding: TicketFinding, portalLink: string, { evidence = false }: { evidence?: boolean } = {}): TicketText {
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
    ...(evidence && finding.description.trim() ? ["## Details", finding.description.trim()] : []),
    "## Remediation",
    finding.remediation.trim() || "See the finding in the portal.",
    `[Open the finding in the portal](${portalLink})`,
    `<!-- ${marker} -->`,
  ].join("\n\n");
  return { title: `[${FINDING_SEVERITY_LABELS[finding.severity]}] ${finding.title}`, markdown, marker };
}

/** The ticket's text for a connection: linked to the finding's page, with its details when the owners chose so. */
export const findingTicketText = (finding: TicketFinding, mapping: Pick<TrackerMapping, "attachEvidence">) =>
  ticketText(finding, appLink(`/client-portal?section=findings&finding=${finding.id}`), { evidence: mapping.attachEvidence });
