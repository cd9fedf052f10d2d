import { ScrollText } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { FilterForm } from "@/components/admin/filter-form";
import { auditActionLabel } from "@/lib/domain/audit-action";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { auditListQuerySchema } from "@/features/audit/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { type AuditRow, listAuditFilterOptions, listAuditLog } from "@/features/audit/server";

export const metadata: Metadata = { title: "Audit log" };

const json = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value, null, 2));

const COLUMNS: Column<AuditRow>[] = [
  {
    header: "When",
    cell: (row) => (
      <time dateTime={row.createdAt.toISOString()} className="whitespace-nowrap">
        {row.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC
      </time>
    ),
  },
  {
    header: "Action",
    cell: (row) => (
      <span>
        {auditActionLabel(row.action)} <span className="block font-mono text-xs text-muted">{row.action}</span>
      </span>
    ),
  },
  {
    header: "Who",
    cell: (row) =>
      row.actorUserId || row.actorEmail ? (
        <span className="text-xs">
          {row.actorName ?? "A former team member"}
          <span className="block break-all text-muted">{row.actorEmail ?? "—"}</span>
        </span>
      ) : (
        <span className="text-xs text-muted">System</span>
      ),
  },
  {
    header: "Entity",
    cell: (row) => (
      <span className="text-xs">
        {row.entityType}
        {row.entityId ? <span className="block break-all font-mono text-muted">{row.entityId}</span> : null}
      </span>
    ),
  },
  {
    header: "Change",
    cell: (row) => (
      <details className="max-w-md text-xs">
        <summary className="cursor-pointer text-muted">Before / after</summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-900 p-2">{json(row.before)}</pre>
          <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-900 p-2">{json(row.after)}</pre>
        </div>
      </details>
    ),
  },
];

export default async function AdminAuditPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, auditListQuerySchema);
  const db = getDb();
  const [{ rows, total, page, pageSize }, options] = await Promise.all([
    listAuditLog(db, {
      actor,
      who: query.actor,
      action: query.action,
      from: query.from,
      to: query.to,
      client: query.client,
      page: query.page,
    }),
    listAuditFilterOptions(db, { actor }),
  ]);
  const filtered = Boolean(query.actor || query.action || query.from || query.to || query.client);

  return (
    <>
      <PageHeader title="Audit log" description="Every recorded change: who, what, when, and the values before and after." />
      <FilterForm
        basePath="/admin/audit"
        fields={[
          {
            kind: "select",
            name: "actor",
            label: "Actor",
            value: query.actor ?? "",
            options: [
              { value: "", label: "Anyone" },
              { value: "system", label: "System" },
              ...options.actors.map((a) => ({ value: a.id, label: a.email })),
            ],
          },
          {
            kind: "select",
            name: "action",
            label: "Action",
            value: query.action ?? "",
            options: [{ value: "", label: "Any action" }, ...options.actions.map((a) => ({ value: a, label: auditActionLabel(a) }))],
          },
          { kind: "date", name: "from", label: "From (UTC)", value: query.from ?? "" },
          { kind: "date", name: "to", label: "To (UTC)", value: query.to ?? "" },
        ]}
      />
      {/* Opened from a client's page: the entries about that company only. */}
      {query.client ? (
        <p className="mb-3 text-sm text-muted">
          Entries about one company.{" "}
          <Link href="/admin/audit" className="text-accent underline">
            Show every entry
          </Link>
        </p>
      ) : null}
      <ListTable caption="Audit log" columns={COLUMNS} rows={rows} minWidthClass="md:min-w-[760px]" filtered={filtered} empty={EMPTY} />
      <Pagination
        basePath="/admin/audit"
        params={{ actor: query.actor, action: query.action, from: query.from, to: query.to, client: query.client }}
        page={page}
        pageSize={pageSize}
        total={total}
        noun="entries"
      />
    </>
  );
}

/** What the list says when it has no rows. */
const EMPTY: ListEmptyTexts = {
  icon: ScrollText,
  whenFiltered: { title: "No entries match these filters" },
  whenNone: { title: "No changes recorded yet" },
};
