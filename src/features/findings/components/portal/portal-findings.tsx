import { ArrowLeft, ChartColumn, Download } from "lucide-react";
import type { ReactNode } from "react";
import Form from "next/form";
import Link from "next/link";
import { FindingBody, FindingFacts, FindingOutcomeNotice, FindingStatusGroup } from "@/features/findings/components/finding-details";
import { FindingBadges } from "@/features/findings/components/finding-badges";
import { FindingMeasurements } from "@/features/findings/components/finding-measurements";
import { FindingComments, FindingTimeline } from "@/features/findings/components/finding-history";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { Options } from "@/components/ui/options";
import { addFindingCommentAction, setFindingOwnerAction } from "@/features/findings/actions/portal";
import {
  FINDING_SEVERITIES,
  FINDING_SEVERITY_LABELS,
  FINDING_STATUS_LABELS,
  FIRM_CLOSED_FINDING_STATUSES,
  isFirmClosed,
  PUBLISHED_FINDING_STATUSES,
  UNRESOLVED_FINDING_STATUSES,
} from "@/lib/domain/finding";
import { ATLAS_TECHNIQUE_IDS, OWASP_LLM_2025, atlasTechniqueLabel, owaspLlmLabel } from "@/lib/domain/ai-taxonomy";
import { formatDate } from "@/lib/format";
import type { FindingDetail } from "@/features/findings/server";
import type { PortalFindings as PortalFindingsData } from "@/features/findings/server/findings-read";
import { SectionHeading } from "@/components/portal/section-heading";
import type { OwnerOption } from "@/features/findings/server/remediation-owner";
import { LazyFindingClientActions, LazyFindingCommentForm, LazyFindingOwnerForm } from "./lazy-finding-forms";
import { ModelVersionCard, ReproducerCard, RetestOnVersion } from "./model-version-card";

const findingHref = (id: string) => `/client-portal?section=findings&finding=${encodeURIComponent(id)}`;
// A count filters the list and lands on its results (#findings-results): the list starts below
// the fold, so without the anchor the click seemed to do nothing.
const owaspHref = (id: string) => `/client-portal?section=findings&owasp=${encodeURIComponent(id)}#findings-results`;
const atlasHref = (id: string) => `/client-portal?section=findings&atlas=${encodeURIComponent(id)}#findings-results`;
// The counts are filters: chips that read as links, the current one marked.
const FILTER_CHIP =
  "inline-flex items-center gap-1 rounded-full border border-accent/50 px-3 py-1 text-accent underline-offset-2 hover:bg-accent/10 hover:underline focus-visible:outline-2 focus-visible:outline-accent aria-[current=true]:bg-accent/20";

/**
 * The portal's Findings section (docs/PRODUCT.md#portal-findings), rendered on the server (the
 * Markdown too) and handed to the portal ready-made. Only published findings of the company
 * reach it: a draft is never in this payload.
 */
export async function PortalFindings({
  data,
  readOnly,
  isOwner,
  tickets,
}: {
  data: Promise<PortalFindingsData>;
  readOnly: boolean;
  isOwner: boolean;
  /** The open finding's tickets in the company's ticket systems (another slice renders them). */
  tickets?: ReactNode;
}) {
  let loaded: PortalFindingsData;
  try {
    loaded = await data;
  } catch (error) {
    console.error("[portal] loading findings failed:", error);
    return (
      <section aria-labelledby="portal-section-heading">
        <SectionHeading title="Findings" description="Unable to load findings. Please reload the page." />
      </section>
    );
  }
  if (loaded.finding)
    return <FindingPage finding={loaded.finding} readOnly={readOnly} isOwner={isOwner} people={loaded.ownerOptions} tickets={tickets} />;
  return <FindingsOverview data={loaded} />;
}

function FindingsOverview({ data }: { data: PortalFindingsData }) {
  const { counts, list, filter, assignedToMe } = data;
  const unresolved = UNRESOLVED_FINDING_STATUSES.reduce((sum, s) => sum + (counts.byStatus[s] ?? 0), 0);
  // Only the categories with findings: a company with no AI findings sees no such line.
  const byOwasp = OWASP_LLM_2025.filter((entry) => counts.byOwaspLlm[entry.id] > 0);
  const byAtlas = ATLAS_TECHNIQUE_IDS.filter((id) => counts.byAtlas[id] > 0);
  return (
    <section aria-labelledby="portal-section-heading" className="space-y-6">
      <SectionHeading
        title="Findings"
        description="What our testing found, where each finding stands, and what is due."
        aside={
          counts.total > 0 ? (
            <div className="flex flex-wrap gap-2">
              <Link href="/client-portal/analytics" className={buttonClasses("secondary", "md")}>
                <ChartColumn className="h-4 w-4" aria-hidden /> Analytics
              </Link>
              <a href="/api/client/findings/export" className={buttonClasses("secondary", "md")} download>
                <Download className="h-4 w-4" aria-hidden /> Export CSV
              </a>
            </div>
          ) : null
        }
      />
      {counts.total + counts.closedByFirm === 0 ? (
        <Card>
          <p className="font-medium">No findings yet</p>
          <p className="text-sm text-muted">Findings appear here once we publish them from an engagement.</p>
        </Card>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Findings by severity">
            {FINDING_SEVERITIES.map((s) => (
              <Card key={s} padding="tight">
                <p className="text-xs text-muted">{FINDING_SEVERITY_LABELS[s]}</p>
                <p className="text-xl font-bold" data-testid={`count-${s}`}>
                  {counts.bySeverity[s]}
                </p>
              </Card>
            ))}
            <Card padding="tight">
              <p className="text-xs text-muted">Overdue</p>
              <p className={counts.overdue > 0 ? "text-xl font-bold text-danger" : "text-xl font-bold"} data-testid="count-overdue">
                {counts.overdue}
              </p>
            </Card>
          </div>
          <Card className="space-y-2">
            <h2 className="font-semibold">By status</h2>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {PUBLISHED_FINDING_STATUSES.filter((s) => !isFirmClosed(s)).map((s) => (
                <li key={s}>
                  {FINDING_STATUS_LABELS[s]}: <span className="font-semibold">{counts.byStatus[s] ?? 0}</span>
                </li>
              ))}
              <li>
                Unresolved: <span className="font-semibold">{unresolved}</span>
              </li>
              {counts.closedByFirm > 0 ? (
                <li className="text-muted">
                  Closed by the firm ({FIRM_CLOSED_FINDING_STATUSES.map((s) => FINDING_STATUS_LABELS[s]).join(", ")}, not counted):{" "}
                  <span className="font-semibold">{counts.closedByFirm}</span>
                </li>
              ) : null}
            </ul>
            <h2 className="pt-2 font-semibold">By engagement</h2>
            <ul className="space-y-1 text-sm">
              {counts.engagements.map((e) => (
                <li key={e.projectId}>
                  {e.projectName}: {e.total} finding{e.total === 1 ? "" : "s"}, {e.unresolved} unresolved
                  {e.overdue > 0 ? <span className="text-danger">, {e.overdue} overdue</span> : null}
                </li>
              ))}
            </ul>
            {byOwasp.length > 0 ? (
              <>
                <h2 className="pt-2 font-semibold">By OWASP LLM category</h2>
                <ul className="flex flex-wrap gap-2 text-sm" data-testid="owasp-counts">
                  {byOwasp.map((entry) => (
                    <li key={entry.id}>
                      <Link
                        href={owaspHref(entry.id)}
                        className={FILTER_CHIP}
                        aria-current={filter.owasp === entry.id ? "true" : undefined}
                      >
                        {owaspLlmLabel(entry.id)}: <span className="font-semibold">{counts.byOwaspLlm[entry.id]}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {byAtlas.length > 0 ? (
              <>
                <h2 className="pt-2 font-semibold">By MITRE ATLAS technique</h2>
                <ul className="flex flex-wrap gap-2 text-sm" data-testid="atlas-counts">
                  {byAtlas.map((id) => (
                    <li key={id}>
                      <Link href={atlasHref(id)} className={FILTER_CHIP} aria-current={filter.atlas === id ? "true" : undefined}>
                        {atlasTechniqueLabel(id)}: <span className="font-semibold">{counts.byAtlas[id]}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Card>
          <Form action="/client-portal" className="flex flex-wrap items-end gap-3" aria-label="Filter findings">
            <input type="hidden" name="section" value="findings" />
            <label className="text-sm">
              <span className="mb-1 block text-muted">Severity</span>
              <Select name="severity" defaultValue={filter.severity ?? ""}>
                <option value="">All severities</option>
                <Options items={FINDING_SEVERITIES} label={FINDING_SEVERITY_LABELS} />
              </Select>
            </label>
            <label className="text-sm">
              <span className="mb-1 block text-muted">Status</span>
              <Select name="status" defaultValue={filter.status ?? ""}>
                <option value="">All statuses</option>
                <Options items={PUBLISHED_FINDING_STATUSES} label={FINDING_STATUS_LABELS} />
              </Select>
            </label>
            <label className="text-sm">
              <span className="mb-1 block text-muted">Engagement</span>
              <Select name="engagement" defaultValue={filter.engagement ?? ""}>
                <option value="">All engagements</option>
                <Options items={counts.engagements} value={(e) => e.projectId} label={(e) => e.projectName} />
              </Select>
            </label>
            <label className="text-sm">
              <span className="mb-1 block text-muted">OWASP LLM category</span>
              <Select name="owasp" defaultValue={filter.owasp ?? ""}>
                <option value="">All categories</option>
                <Options items={OWASP_LLM_2025} value={(entry) => entry.id} label={(entry) => owaspLlmLabel(entry.id)} />
              </Select>
            </label>
            <label className="text-sm">
              <span className="mb-1 block text-muted">MITRE ATLAS technique</span>
              <Select name="atlas" defaultValue={filter.atlas ?? ""}>
                <option value="">All techniques</option>
                <Options items={ATLAS_TECHNIQUE_IDS} label={atlasTechniqueLabel} />
              </Select>
            </label>
            <label className="flex items-center gap-2 pb-2 text-sm" data-testid="filter-mine">
              <input type="checkbox" name="mine" value="1" defaultChecked={filter.mine} className="h-4 w-4" /> Assigned to me (
              {assignedToMe})
            </label>
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input type="checkbox" name="overdue" value="1" defaultChecked={filter.overdue} className="h-4 w-4" /> Overdue only
            </label>
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input type="checkbox" name="closed" value="1" defaultChecked={filter.closed} className="h-4 w-4" /> Show closed by the firm
            </label>
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Apply
            </button>
          </Form>
          <p id="findings-results" className="scroll-mt-4 text-sm text-muted" aria-live="polite">
            Showing {list.items.length} of {list.total} finding{list.total === 1 ? "" : "s"}
          </p>
          {list.items.length === 0 ? (
            <p className="text-sm text-muted">No findings match these filters.</p>
          ) : (
            <ul className="space-y-2" aria-label="Findings">
              {list.items.map((f) => (
                <li key={f.id}>
                  <Card padding="snug" className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <Link href={findingHref(f.id)} className="font-medium break-words hover:underline">
                        {f.title}
                      </Link>
                      <p className="text-xs text-muted">
                        {f.projectName}
                        {f.dueOn ? ` · Due ${formatDate(f.dueOn)}` : null}
                        {f.owaspLlm.length > 0 ? ` · ${f.owaspLlm.join(", ")}` : null}
                      </p>
                    </div>
                    <FindingBadges finding={f} />
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function FindingPage({
  finding,
  readOnly,
  isOwner,
  people,
  tickets,
}: {
  finding: FindingDetail | "missing";
  readOnly: boolean;
  isOwner: boolean;
  people: OwnerOption[];
  tickets?: ReactNode;
}) {
  const back = (
    <Link href="/client-portal?section=findings" className="inline-flex items-center gap-1 text-sm text-accent hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden /> All findings
    </Link>
  );
  if (finding === "missing")
    return (
      <section aria-labelledby="portal-section-heading" className="space-y-4">
        {back}
        <SectionHeading title="Finding not found" description="It may have been removed, or the link is wrong." />
      </section>
    );
  return (
    <section aria-labelledby="portal-section-heading" className="space-y-6">
      {back}
      <SectionHeading title={finding.title} description={`${finding.projectName} · published ${formatDate(finding.publishedAt)}`} />
      {/* What matters first (docs/PRODUCT.md#portal-findings): the status with its qualifier, what the
          finding is and how to fix it, its tickets; the measurements and the model behind them after. */}
      <FindingStatusGroup finding={finding} side="client">
        <RetestOnVersion finding={finding} readOnly={readOnly} />
      </FindingStatusGroup>
      <FindingOutcomeNotice finding={finding} hrefOf={findingHref} />
      <FindingFacts finding={finding} />
      <FindingBody finding={finding} side="client" />
      <Card className="space-y-3">
        <h2 className="font-semibold">Remediation owner</h2>
        {isOwner && !readOnly ? (
          <LazyFindingOwnerForm
            findingId={finding.id}
            ownerUserId={finding.owner?.userId ?? null}
            people={people}
            assign={setFindingOwnerAction}
          />
        ) : (
          <p className="text-sm" data-testid="finding-owner">
            {finding.owner ? finding.owner.name : "No one is named yet."}
          </p>
        )}
      </Card>
      {tickets}
      {readOnly || isFirmClosed(finding.status) ? null : (
        <LazyFindingClientActions
          findingId={finding.id}
          status={finding.status}
          retestOpen={finding.openRetest !== null}
          isOwner={isOwner}
        />
      )}
      <FindingMeasurements finding={finding} />
      <ModelVersionCard finding={finding} readOnly={readOnly} />
      <ReproducerCard finding={finding} readOnly={readOnly} isOwner={isOwner} />
      <Card className="space-y-3">
        <h2 className="font-semibold">Timeline</h2>
        <FindingTimeline events={finding.events} side="client" />
      </Card>
      <Card className="space-y-3">
        <h2 className="font-semibold">Comments</h2>
        <FindingComments comments={finding.comments} side="client" />
        {readOnly ? null : <LazyFindingCommentForm findingId={finding.id} send={addFindingCommentAction} />}
      </Card>
    </section>
  );
}
