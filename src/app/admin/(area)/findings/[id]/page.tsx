import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { EvidenceUpload } from "@/features/findings/components/admin/evidence-upload";
import { FindingAdminPanel } from "@/features/findings/components/admin/finding-admin-panel";
import { FindingForm } from "@/features/findings/components/admin/finding-form";
import { PageHeader } from "@/components/admin/page-header";
import { FindingCommentForm } from "@/features/findings/components/finding-comment-form";
import { FindingBody, FindingFacts, FindingOutcomeNotice, FindingStatusGroup } from "@/features/findings/components/finding-details";
import { FindingComments, FindingTimeline } from "@/features/findings/components/finding-history";
import { Card } from "@/components/ui/card";
import { uuidSchema } from "@/lib/validation/common";
import { isToolIdTitle } from "@/lib/domain/finding";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { getFinding, listDuplicateOriginals, listOwnerOptions } from "@/features/findings/server";
import { addAdminFindingCommentAction, setAdminFindingOwnerAction } from "@/features/findings/actions/admin";
import { FindingOwnerForm } from "@/features/findings/components/finding-owner-form";
import { FindingMeasurements } from "@/features/findings/components/finding-measurements";
import { getMinRetestTrials } from "@/features/settings/server";
import { FIRM_MEASUREMENT_SOURCES } from "@/lib/domain/finding-measurement";

export const metadata: Metadata = { title: "Finding" };

/** One finding for the firm (docs/PRODUCT.md#admin-findings): content, workflow steps, timeline, comments. */
export default async function AdminFindingPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const actor = await requireAdminPage();
  const { id } = await params;
  if (!uuidSchema.safeParse(id).success) notFound();
  const finding = await getFinding(getDb(), { actor, findingId: id }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  });
  if (!finding) notFound();
  // A draft has no owner yet: the client's people see nothing of it.
  const people = finding.publishedAt ? await listOwnerOptions(getDb(), { actor, clientId: finding.clientId }) : null;
  const originals =
    finding.status === "draft" ? [] : await listDuplicateOriginals(getDb(), { actor, projectId: finding.projectId, exceptId: finding.id });
  // An AI finding's retest gives counts, held to the firm's minimum trials (docs/PRODUCT.md#measured-ai-findings).
  // The firm's latest measurement sets the bar (a client's CI run is the client's account).
  const latest = finding.measurements.filter((m) => FIRM_MEASUREMENT_SOURCES.includes(m.source)).at(-1);
  const measured = finding.isAi
    ? {
        minTrials: await getMinRetestTrials(getDb()),
        lastModel: latest ? { provider: latest.provider, modelId: latest.modelId, modelVersion: latest.modelVersion } : null,
        latest: latest ? { successes: latest.successes, trials: latest.trials } : null,
        lastJudge: latest
          ? {
              judgeName: latest.judgeName,
              judgeVersion: latest.judgeVersion,
              judgeModel: latest.judgeModel,
              judgeRubricVersion: latest.judgeRubricVersion,
              validation: latest.validation,
            }
          : null,
      }
    : null;
  return (
    <>
      <Link
        href={`/admin/findings?projectId=${finding.projectId}`}
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> {finding.projectName}
      </Link>
      <PageHeader
        title={finding.title}
        description={`${finding.company} · ${finding.projectName}${finding.ruleId ? ` · rule ${finding.ruleId}` : ""}`}
      />
      {/* The portal's order (docs/PRODUCT.md#admin-findings): status, what the finding is and how to
          fix it, then the firm's steps and the measurements. */}
      <div className="space-y-6">
        <FindingStatusGroup finding={finding} side="admin" />
        <FindingOutcomeNotice finding={finding} hrefOf={(id) => `/admin/findings/${id}`} />
        <FindingFacts finding={finding} />
        <FindingBody finding={finding} side="admin" />
        {people ? (
          <Card className="space-y-3">
            <h2 className="font-semibold">Remediation owner</h2>
            <FindingOwnerForm
              findingId={finding.id}
              ownerUserId={finding.owner?.userId ?? null}
              people={people}
              assign={setAdminFindingOwnerAction}
            />
          </Card>
        ) : null}
        <FindingAdminPanel
          findingId={finding.id}
          projectId={finding.projectId}
          status={finding.status}
          retestOpen={finding.openRetest !== null}
          riskToAcknowledge={finding.status === "risk_accepted" && !finding.riskAcknowledgedAt}
          originals={originals}
          measured={measured}
          toolIdTitle={isToolIdTitle(finding.title, finding.ruleId)}
        />
        <FindingMeasurements finding={finding} />
        <Card className="space-y-3">
          <h2 className="font-semibold">Attach evidence</h2>
          <EvidenceUpload findingId={finding.id} />
        </Card>
        <Card className="space-y-3">
          <h2 className="font-semibold">Timeline</h2>
          <FindingTimeline events={finding.events} side="admin" company={finding.company} />
        </Card>
        <Card className="space-y-3">
          <h2 className="font-semibold">Comments</h2>
          <FindingComments comments={finding.comments} side="admin" company={finding.company} />
          <FindingCommentForm findingId={finding.id} send={addAdminFindingCommentAction} />
        </Card>
        <Card className="space-y-3">
          <details>
            <summary className="cursor-pointer font-semibold">Edit finding</summary>
            <div className="mt-4">
              <FindingForm
                findingId={finding.id}
                initial={{
                  title: finding.title,
                  severity: finding.severity,
                  cvssVector: finding.cvssVector ?? "",
                  assets: finding.assets,
                  description: finding.description,
                  remediation: finding.remediation,
                  references: finding.references,
                  owaspLlm: finding.owaspLlm,
                  atlas: finding.atlas,
                }}
              />
            </div>
          </details>
        </Card>
      </div>
    </>
  );
}
