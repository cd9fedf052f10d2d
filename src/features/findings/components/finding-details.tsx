import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import type { FindingDetail } from "@/features/findings/server";
import { EvidenceList } from "./evidence-list";
import { FindingMarkdown } from "./finding-markdown";
import { TaxonomyBadges } from "./taxonomy-badges";
import { MeasuredSeverityGuidance } from "./finding-measurements";

/**
 * The firm's outcome, said first on the finding's page (portal and admin alike): a client who
 * follows an old link to a withdrawn finding reads why it was withdrawn.
 */
export function FindingOutcomeNotice({ finding, hrefOf }: { finding: FindingDetail; hrefOf: (id: string) => string }) {
  const reason = finding.outcomeReason ?? "";
  switch (finding.status) {
    case "withdrawn":
      return <Alert tone="info">Withdrawn by the firm: {reason}</Alert>;
    case "false_positive":
      return <Alert tone="info">Closed by the firm as a false positive: {reason}</Alert>;
    case "duplicate":
      return (
        <Alert tone="info">
          Duplicate of{" "}
          {finding.duplicateOf ? (
            <Link href={hrefOf(finding.duplicateOf.id)} className="font-medium underline">
              {finding.duplicateOf.title}
            </Link>
          ) : (
            "another finding"
          )}
          {reason ? `: ${reason}` : null}
        </Alert>
      );
    case "wont_fix":
      return (
        <Alert tone="info">
          Won&apos;t fix, agreed by {finding.agreedByName} on {formatDate(finding.agreedOn)}: {reason}
        </Alert>
      );
    default:
      return null;
  }
}

/** A finding's facts: due date, CVSS, assets, AI-security taxonomy, risk acceptance, open retest (portal and admin alike). */
export function FindingFacts({ finding }: { finding: FindingDetail }) {
  return (
    <Card>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Due</dt>
          <dd>{finding.dueOn ? formatDate(finding.dueOn) : finding.status === "draft" ? "—" : "None (closed)"}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">CVSS</dt>
          <dd className="break-all">
            {finding.cvssVector ? `${((finding.cvssScoreTenths ?? 0) / 10).toFixed(1)} · ${finding.cvssVector}` : "—"}
          </dd>
        </div>
        <MeasuredSeverityGuidance finding={finding} />
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-muted">Affected assets</dt>
          <dd className="whitespace-pre-wrap break-words">{finding.assets || "—"}</dd>
        </div>
        {finding.owaspLlm.length + finding.atlas.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className="sr-only">AI-security taxonomy</dt>
            <dd>
              <TaxonomyBadges owaspLlm={finding.owaspLlm} atlas={finding.atlas} />
            </dd>
          </div>
        ) : null}
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
      {/* A scan's evidence is text under **Evidence** in the description: the files are their own
          section, named so, and a client reads it only when there are files (one evidence section). */}
      {side === "admin" || finding.evidence.length > 0 ? (
        <Card className="space-y-2">
          <h2 className="font-semibold">Evidence files</h2>
          <EvidenceList
            items={finding.evidence}
            api={side === "client" ? "/api/client/findings/evidence" : "/api/admin/findings/evidence"}
          />
        </Card>
      ) : null}
    </>
  );
}
