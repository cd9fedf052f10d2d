import Link from "next/link";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { modelLabel } from "@/lib/domain/finding-measurement";
import { formatDate } from "@/lib/format";
import type { FindingDetail } from "@/features/findings/server";
import { EvidenceList } from "./evidence-list";
import { FindingStatusBadge, OverdueBadge, SeverityBadge } from "./finding-badges";
import { FindingMarkdown } from "./finding-markdown";
import { TaxonomyBadges } from "./taxonomy-badges";
import { MeasuredSeverityGuidance } from "./finding-measurements";

/**
 * The finding's status with its qualifier, said right under its title (docs/PRODUCT.md#portal-findings):
 * severity, the status ("Verified Fixed on gateway-model 2026-11 · not verified on 2026-12, the
 * version you run" when the client runs another version than the one it was verified on), Overdue,
 * as one group, with what to do about it (the retest request) beside it.
 */
export function FindingStatusGroup({
  finding,
  side,
  children,
}: {
  finding: FindingDetail;
  side: "client" | "admin";
  children?: ReactNode;
}) {
  const target = finding.modelVersion;
  const flagged = target?.notVerified ?? null;
  const model = target ? modelLabel({ provider: target.provider, modelId: target.modelId, modelVersion: null }) : "";
  const runs = side === "client" ? "the version you run" : "the version the client runs";
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Status" className="flex flex-wrap items-center gap-2" data-testid="finding-status">
        <SeverityBadge severity={finding.severity} score={finding.cvssScoreTenths} />
        {flagged ? (
          <StatusBadge
            value={`${finding.status}-not-verified`}
            tone="amber"
            label={`Verified Fixed on ${model} ${flagged.verifiedVersion ?? "(no version)"} · not verified on ${flagged.currentVersion}, ${runs}`}
          />
        ) : (
          <FindingStatusBadge status={finding.status} />
        )}
        {finding.overdue ? <OverdueBadge /> : null}
      </div>
      {children}
    </div>
  );
}

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
          <dd>
            {finding.dueOn
              ? formatDate(finding.dueOn)
              : finding.status === "draft"
                ? "—"
                : finding.status === "fixed_pending_retest"
                  ? "None while the retest waits"
                  : "None (closed)"}
          </dd>
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

/**
 * What the finding is and what to do about it, in the order a reader needs them: the description
 * and its evidence files, then the remediation and references (portal and admin alike).
 */
export function FindingBody({ finding, side }: { finding: FindingDetail; side: "client" | "admin" }) {
  return (
    <>
      <Card className="space-y-2">
        <h2 className="font-semibold">Description</h2>
        <FindingMarkdown text={finding.description} />
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
      <Card className="space-y-2">
        <h2 className="font-semibold">Remediation</h2>
        <FindingMarkdown text={finding.remediation} />
      </Card>
      <Card className="space-y-2">
        <h2 className="font-semibold">References</h2>
        <FindingMarkdown text={finding.references} />
      </Card>
    </>
  );
}
