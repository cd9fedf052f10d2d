import { Card } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import type { FindingDetail } from "@/features/findings/server";
import { EvidenceList } from "./evidence-list";
import { FindingMarkdown } from "./finding-markdown";

/** A finding's facts: due date, CVSS, assets, risk acceptance, open retest (portal and admin alike). */
export function FindingFacts({ finding }: { finding: FindingDetail }) {
  return (
    <Card>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Due</dt>
          <dd>{formatDate(finding.dueOn)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">CVSS</dt>
          <dd className="break-all">
            {finding.cvssVector ? `${((finding.cvssScoreTenths ?? 0) / 10).toFixed(1)} · ${finding.cvssVector}` : "—"}
          </dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-muted">Affected assets</dt>
          <dd className="whitespace-pre-wrap break-words">{finding.assets || "—"}</dd>
        </div>
        {finding.status === "risk_accepted" ? (
          <div className="sm:col-span-2">
            <dt className="text-muted">Risk accepted until {formatDate(finding.riskExpiresOn)}</dt>
            <dd className="whitespace-pre-wrap break-words">
              {finding.riskReason}
              {finding.riskAcknowledgedAt
                ? ` (acknowledged by our team ${formatDate(finding.riskAcknowledgedAt)})`
                : " (awaiting our acknowledgement)"}
            </dd>
          </div>
        ) : null}
        {finding.openRetest ? (
          <div className="sm:col-span-2">
            <dt className="text-muted">Retest requested by {finding.openRetest.requestedByName}</dt>
            <dd className="whitespace-pre-wrap break-words">{finding.openRetest.note}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

export function FindingBody({ finding, side }: { finding: FindingDetail; side: "client" | "admin" }) {
  return (
    <>
      <Card className="space-y-2">
        <h2 className="font-semibold">Description</h2>
        <FindingMarkdown text={finding.description} />
      </Card>
      <Card className="space-y-2">
        <h2 className="font-semibold">Remediation</h2>
        <FindingMarkdown text={finding.remediation} />
      </Card>
      <Card className="space-y-2">
        <h2 className="font-semibold">References</h2>
        <FindingMarkdown text={finding.references} />
      </Card>
      <Card className="space-y-2">
        <h2 className="font-semibold">Evidence</h2>
        <EvidenceList items={finding.evidence} api={side === "client" ? "/api/client/findings/evidence" : "/api/admin/findings/evidence"} />
      </Card>
    </>
  );
}
