import "server-only";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS, FINDING_STATUS_LABELS, type FindingSeverity } from "@/lib/domain/finding";
import { OWASP_LLM_2025 } from "@/lib/domain/ai-taxonomy";
import { formatDate } from "@/lib/format";
import type { EngagementReportData, ReportFinding, ReportMeasurement, ReportRetest } from "@/features/findings/server";
import { modelLabel, rateSentence } from "@/lib/domain/finding-measurement";

// What a generated report says (docs/PRODUCT.md#admin-findings), the same for the Word and the PDF
// form: the engagement, its published findings as printed, the counts and the taxonomy groups.

/** OWASP Top 10 for LLM Applications 2025: the names the report's taxonomy section prints. */
const OWASP_LLM_NAMES: Record<string, string> = Object.fromEntries(OWASP_LLM_2025.map((entry) => [entry.id, entry.name]));

const RETEST_LABELS: Record<ReportRetest, string> = {
  none: "Not Requested",
  requested: "Requested",
  verified_fixed: "Verified Fixed",
  still_open: "Still Open",
  reduced: "Reduced",
};

/** A finding as both forms print it: every value already text. */
export type PrintedFinding = {
  title: string;
  severity: FindingSeverity;
  severityLabel: string;
  cvssScore: string;
  cvssVector: string;
  status: string;
  assets: string;
  description: string;
  remediation: string;
  references: string;
  evidence: string[];
  retestStatus: string;
  owaspLlm: string[];
  /** A measured AI finding's latest rate with its interval and model version; "" for any other. */
  measuredRate: string;
};

export type TaxonomyGroup = { id: string; name: string; findings: string[] };

export type ReportModel = {
  firmName: string;
  clientName: string;
  engagementName: string;
  engagementDescription: string;
  startDate: string;
  endDate: string;
  /** The testing window of the authorization both sides signed ("Nov 1, 2026 - Nov 15, 2026 (UTC)"); "" without one. */
  authorizedWindow: string;
  generatedOn: string;
  counts: Record<FindingSeverity, number>;
  total: number;
  /** The most severe level present, with its findings' titles; null without findings. */
  mostSevere: { severity: FindingSeverity; label: string; titles: string[] } | null;
  findings: PrintedFinding[];
  /** Findings grouped by OWASP LLM id, in the list's order; empty when no finding carries one. */
  taxonomy: TaxonomyGroup[];
};

const printed = (finding: ReportFinding): PrintedFinding => ({
  title: finding.title,
  severity: finding.severity,
  severityLabel: FINDING_SEVERITY_LABELS[finding.severity],
  // "CVSS: —" when the finding has no score: a dash, not a word that reads like a rating.
  cvssScore: finding.cvssScoreTenths === null ? "—" : (finding.cvssScoreTenths / 10).toFixed(1),
  cvssVector: finding.cvssVector ?? "",
  status: FINDING_STATUS_LABELS[finding.status],
  assets: finding.assets.trim(),
  description: finding.description.trim(),
  remediation: finding.remediation.trim(),
  references: finding.references.trim(),
  evidence: finding.evidence,
  retestStatus: RETEST_LABELS[finding.retest],
  owaspLlm: finding.owaspLlm,
  measuredRate: measuredRateText(finding.measurement),
});

/** "14.0% (7 of 50; 95% interval 7.0% to 26.2%) on gateway-model 2026-10, measured 24 Nov 2026". */
export function measuredRateText(m: ReportMeasurement | null): string {
  if (!m) return "";
  const model = modelLabel(m);
  return `${rateSentence(m.successes, m.trials)}${model ? ` on ${model}` : ""}, measured ${formatDate(m.measuredAt)}`;
}

/** Groups findings by their OWASP LLM ids (a finding under two ids is in both), LLM01 first. */
export function taxonomyGroups(findings: { title: string; owaspLlm: string[] }[]): TaxonomyGroup[] {
  const groups = new Map<string, string[]>();
  for (const finding of findings)
    for (const id of new Set(finding.owaspLlm.map((value) => value.trim().toUpperCase()).filter(Boolean)))
      groups.set(id, [...(groups.get(id) ?? []), finding.title]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
    .map(([id, titles]) => ({ id, name: OWASP_LLM_NAMES[id] ?? "Other", findings: titles }));
}

/** The signed window in the report's words, or "" when no authorization is signed by both sides. */
const windowText = (window: { windowStart: string; windowEnd: string } | null) =>
  window ? `${formatDate(window.windowStart)} - ${formatDate(window.windowEnd)} (UTC)` : "";

/** The report of an engagement's published findings, as of `now`, with the window its signed authorization allows. */
export function reportModel(
  data: EngagementReportData,
  { firmName, now, window = null }: { firmName: string; now: Date; window?: { windowStart: string; windowEnd: string } | null },
): ReportModel {
  const findings = data.findings.map(printed);
  const counts = Object.fromEntries(FINDING_SEVERITIES.map((s) => [s, 0])) as Record<FindingSeverity, number>;
  for (const finding of findings) counts[finding.severity] += 1;
  const top = FINDING_SEVERITIES.find((s) => counts[s] > 0);
  return {
    firmName,
    clientName: data.project.company,
    engagementName: data.project.name,
    engagementDescription: data.project.description?.trim() ?? "",
    startDate: formatDate(data.project.startDate),
    endDate: data.project.endDate ? formatDate(data.project.endDate) : "Ongoing",
    authorizedWindow: windowText(window),
    generatedOn: formatDate(now),
    counts,
    total: findings.length,
    mostSevere: top
      ? { severity: top, label: FINDING_SEVERITY_LABELS[top], titles: findings.filter((f) => f.severity === top).map((f) => f.title) }
      : null,
    findings,
    taxonomy: taxonomyGroups(findings),
  };
}
