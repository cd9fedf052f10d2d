import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS, FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import { formatDate, formatDateTime } from "@/lib/format";
import type { EngagementRow, EngagementState } from "@/features/findings/server/engagements";

/** The engagement's findings: the admin Findings page with it chosen. */
export const engagementHref = (projectId: string) => `/admin/findings?projectId=${encodeURIComponent(projectId)}`;

const STATE_LABELS: Record<EngagementState, string> = {
  open: FINDING_STATUS_LABELS.open,
  in_remediation: FINDING_STATUS_LABELS.in_remediation,
  fixed_pending_retest: FINDING_STATUS_LABELS.fixed_pending_retest,
  closed: "Closed",
};

/** "Critical 1 · High 2", the figures that are not zero; "None" when all are. */
function Figures({ items }: { items: [string, number][] }) {
  const shown = items.filter(([, n]) => n > 0);
  if (shown.length === 0) return <span className="text-muted">None</span>;
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-0.5">
      {shown.map(([label, n]) => (
        <li key={label} className="whitespace-nowrap">
          {label} <span className="font-semibold">{n}</span>
        </li>
      ))}
    </ul>
  );
}

/** A row of the list: the engagement, and when an import last brought findings in (ISO, the imports slice's), or null. */
export type EngagementListRow = EngagementRow & { lastImportAt: string | null };

const COLUMNS: Column<EngagementListRow>[] = [
  {
    header: "Engagement",
    cell: (row) => (
      // Each link is at least 24 px high: stacked, they are two targets apart (axe: target-size).
      <div className="min-w-0">
        <Link
          href={engagementHref(row.id)}
          className="inline-flex min-h-6 items-center font-medium break-words text-accent hover:underline"
        >
          {row.projectName}
        </Link>
        <p className="text-xs break-words text-muted">
          <Link href={`/admin/clients/${row.clientId}`} className="inline-flex min-h-6 items-center hover:underline">
            {row.company}
          </Link>
          {" · "}
          {/* The engagement's test plan, coverage and evidence packs (docs/PRODUCT.md#evidence-packs). */}
          <Link
            href={`/admin/engagements/${row.id}/evidence`}
            aria-label={`Evidence of ${row.projectName}`}
            className="inline-flex min-h-6 items-center hover:underline"
          >
            Evidence
          </Link>
        </p>
      </div>
    ),
  },
  {
    header: "Dates",
    priority: "low",
    cell: (row) => (
      <span className="whitespace-nowrap">
        {formatDate(row.startDate)}
        {row.targetCompletionDate ? ` – ${formatDate(row.targetCompletionDate)}` : ""}
      </span>
    ),
  },
  {
    header: "Published",
    cell: (row) => <Figures items={FINDING_SEVERITIES.map((s) => [FINDING_SEVERITY_LABELS[s], row.published[s]])} />,
  },
  {
    header: "State",
    cell: (row) => <Figures items={(Object.keys(STATE_LABELS) as EngagementState[]).map((s) => [STATE_LABELS[s], row.states[s]])} />,
  },
  { header: "Retests waiting", align: "right", cell: (row) => row.retestsWaiting },
  { header: "Drafts", align: "right", cell: (row) => row.drafts },
  {
    header: "Last import",
    priority: "low",
    cell: (row) => (row.lastImportAt ? formatDateTime(row.lastImportAt) : <span className="text-muted">Never</span>),
  },
  { header: "Report versions", align: "right", priority: "low", cell: (row) => row.reportVersions },
];

const EMPTY: ListEmptyTexts = {
  icon: ShieldAlert,
  whenFiltered: { title: "No engagements found", hint: "Try adjusting your search" },
  whenNone: { title: "No engagements yet", hint: "A project appears here once it has findings or a report" },
};

/** The admin Engagements list (docs/PRODUCT.md#admin-engagements). */
export function EngagementsList({ rows, filtered }: { rows: EngagementListRow[]; filtered: boolean }) {
  return (
    <ListTable caption="Engagements" columns={COLUMNS} rows={rows} minWidthClass="md:min-w-[720px]" filtered={filtered} empty={EMPTY} />
  );
}
