import { FileText } from "lucide-react";
import Link from "next/link";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { SeverityBadge } from "@/features/findings/components/finding-badges";
import type { FindingTemplateRow } from "@/features/findings/server/templates";

/** Ids shown as a short, wrapping list; "None" when there are none. */
function Ids({ ids }: { ids: string[] }) {
  if (ids.length === 0) return <span className="text-muted">None</span>;
  return <span className="break-words">{ids.join(", ")}</span>;
}

const COLUMNS: Column<FindingTemplateRow>[] = [
  {
    header: "Template",
    cell: (row) => (
      <div className="min-w-0">
        <Link href={`/admin/findings/templates/${row.id}`} className="font-medium break-words text-accent hover:underline">
          {row.title}
        </Link>
        {row.tags.length > 0 ? <p className="text-xs break-words text-muted">{row.tags.join(", ")}</p> : null}
      </div>
    ),
  },
  {
    header: "CVSS",
    cell: (row) =>
      row.severity ? <SeverityBadge severity={row.severity} score={row.cvssScoreTenths} /> : <span className="text-muted">None</span>,
  },
  { header: "CWE", cell: (row) => (row.cwe ? `CWE-${row.cwe}` : <span className="text-muted">None</span>) },
  { header: "Taxonomy", cell: (row) => <Ids ids={[...row.owaspLlm, ...row.atlas]} /> },
  { header: "Rule ids", priority: "low", cell: (row) => <Ids ids={row.ruleIds} /> },
];

const EMPTY: ListEmptyTexts = {
  icon: FileText,
  whenFiltered: { title: "No templates found", hint: "Try adjusting your search" },
  whenNone: { title: "No templates yet", hint: "Write the findings the firm reports again and again once, below" },
};

/** The admin's finding templates (docs/PRODUCT.md#admin-finding-templates). */
export function TemplatesList({ rows, filtered }: { rows: FindingTemplateRow[]; filtered: boolean }) {
  return <ListTable caption="Finding templates" columns={COLUMNS} rows={rows} filtered={filtered} empty={EMPTY} />;
}
