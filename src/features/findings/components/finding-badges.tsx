import { StatusBadge } from "@/components/ui/status-badge";
import {
  FINDING_SEVERITY_LABELS,
  FINDING_SEVERITY_TONES,
  FINDING_STATUS_LABELS,
  FINDING_STATUS_TONES,
  type FindingSeverity,
  type FindingStatus,
} from "@/lib/domain/finding";

export function SeverityBadge({ severity, score }: { severity: FindingSeverity; score?: number | null }) {
  const label =
    score === null || score === undefined
      ? FINDING_SEVERITY_LABELS[severity]
      : `${FINDING_SEVERITY_LABELS[severity]} ${(score / 10).toFixed(1)}`;
  return <StatusBadge value={severity} label={label} tone={FINDING_SEVERITY_TONES[severity]} />;
}

export function FindingStatusBadge({ status }: { status: FindingStatus }) {
  return <StatusBadge value={status} label={FINDING_STATUS_LABELS[status]} tone={FINDING_STATUS_TONES[status]} />;
}

export function OverdueBadge() {
  return <StatusBadge value="overdue" label="Overdue" tone="red" />;
}

/** A finding's badges as every list row and finding page shows them: severity (with its CVSS score), status, Overdue. */
export function FindingBadges({
  finding,
}: {
  finding: { severity: FindingSeverity; cvssScoreTenths: number | null; status: FindingStatus; overdue: boolean };
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <SeverityBadge severity={finding.severity} score={finding.cvssScoreTenths} />
      <FindingStatusBadge status={finding.status} />
      {finding.overdue ? <OverdueBadge /> : null}
    </div>
  );
}
