import type { Metadata } from "next";
import { after } from "next/server";
import Link from "next/link";
import { ListControls } from "@/components/admin/list-controls";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { EmptyState } from "@/components/ui/spinner";
import { EngagementsList } from "@/features/findings/components/admin/engagements-list";
import { engagementListQuerySchema } from "@/features/findings/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { listEngagements } from "@/features/findings/server";
import { lastImportsOf } from "@/features/imports/server";
import { engagementReportsSql } from "@/features/reports/server";
import { recordFirmAccess } from "@/features/audit/server";

export const metadata: Metadata = { title: "Engagements" };

/** `/admin/engagements` (docs/PRODUCT.md#admin-engagements): every project with findings or reports, and where they stand. */
export default async function AdminEngagementsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, engagementListQuerySchema);
  const { rows, total, page, pageSize } = await listEngagements(getDb(), { actor, reports: engagementReportsSql, ...query });
  const lastImports = await lastImportsOf(getDb(), { actor, projectIds: rows.map((r) => r.id) });
  // Each company whose engagements the page shows: a look in its access log (docs/PRODUCT.md#portal-access-log),
  // written once the page has gone out, so the read waits for no write.
  after(() =>
    recordFirmAccess(getDb(), { actor, action: "engagements.view", clientIds: rows.map((r) => r.clientId), entityType: "project" }),
  );
  return (
    <>
      <PageHeader title="Engagements" description="Every project with findings or reports: where its findings stand, at a glance." />
      <ListControls searchLabel="Search engagements" placeholder="Search by project or client..." loadingLabel="Loading engagements..." />
      {rows.length === 0 && page > 1 ? (
        <div className="space-y-3 text-center">
          <EmptyState title="No engagements on this page" />
          <Link href="/admin/engagements" className="text-accent underline">
            Back to the first page
          </Link>
        </div>
      ) : (
        <EngagementsList rows={rows.map((r) => ({ ...r, lastImportAt: lastImports.get(r.id) ?? null }))} filtered={Boolean(query.q)} />
      )}
      <Pagination basePath="/admin/engagements" params={{ q: query.q }} page={page} pageSize={pageSize} total={total} noun="engagements" />
    </>
  );
}
