import type { Metadata } from "next";
import Link from "next/link";
import { ListControls } from "@/components/admin/list-controls";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/spinner";
import { TemplateForm } from "@/features/findings/components/admin/template-form";
import { TemplatesList } from "@/features/findings/components/admin/templates-list";
import { findingTemplateListQuerySchema } from "@/features/findings/validation/templates";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { listFindingTemplates } from "@/features/findings/server";

export const metadata: Metadata = { title: "Finding templates" };

/** `/admin/findings/templates` (docs/PRODUCT.md#admin-finding-templates): the firm's finding templates, searchable, and a new one. */
export default async function AdminFindingTemplatesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, findingTemplateListQuerySchema);
  const { rows, total, page, pageSize } = await listFindingTemplates(getDb(), { actor, ...query });
  return (
    <>
      <PageHeader
        title="Finding templates"
        description="The findings we report again and again, written once: a new finding starts from one, and an import applies the one whose rule id matches."
        actions={
          <Link href="/admin/findings" className="text-sm text-accent underline">
            Back to Findings
          </Link>
        }
      />
      <ListControls
        searchLabel="Search templates"
        placeholder="Search by title, tag, rule id or CWE..."
        loadingLabel="Loading templates..."
      />
      {rows.length === 0 && page > 1 ? (
        <div className="space-y-3 text-center">
          <EmptyState title="No templates on this page" />
          <Link href="/admin/findings/templates" className="text-accent underline">
            Back to the first page
          </Link>
        </div>
      ) : (
        <TemplatesList rows={rows} filtered={Boolean(query.q)} />
      )}
      <Pagination
        basePath="/admin/findings/templates"
        params={{ q: query.q }}
        page={page}
        pageSize={pageSize}
        total={total}
        noun="templates"
      />
      <Card className="mt-6 space-y-3">
        <h2 className="font-semibold">New template</h2>
        <TemplateForm />
      </Card>
    </>
  );
}
