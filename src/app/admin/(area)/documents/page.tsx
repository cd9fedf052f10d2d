import type { Metadata } from "next";
import Link from "next/link";
import { DocumentList, type DocumentView } from "@/features/documents/components/admin/document-list";
import { UploadForm } from "@/features/documents/components/admin/upload-form";
import { FilterForm } from "@/components/admin/filter-form";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/spinner";
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS } from "@/lib/domain/document-category";
import { documentListQuerySchema } from "@/features/documents/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { listActiveClientOptions } from "@/features/clients/server";
import { listAdminDocuments, listDocumentDownloads } from "@/features/documents/server";

export const metadata: Metadata = { title: "Documents" };

/** How many of the newest documents Recent Uploads shows (docs/PRODUCT.md#admin-documents). */
const RECENT_UPLOADS = 10;

type DocumentRows = Awaited<ReturnType<typeof listAdminDocuments>>["rows"];
type Downloads = Awaited<ReturnType<typeof listDocumentDownloads>>;

/** The rows as the list takes them: dates as text, each with its newest downloads. */
const documentViews = (rows: DocumentRows, downloads: Downloads): DocumentView[] =>
  rows.map((d) => ({
    id: d.id,
    name: d.name,
    category: d.category,
    fileSize: d.fileSize,
    company: d.company,
    uploadedAt: d.uploadedAt.toISOString(),
    downloadCount: d.downloadCount,
    downloads: downloads
      .filter((download) => download.documentId === d.id)
      .map(({ personName, side, downloadedAt, clientAddress, userAgent }) => ({
        personName,
        side,
        downloadedAt,
        clientAddress,
        userAgent,
      })),
  }));

export default async function AdminDocumentsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, documentListQuerySchema);
  const db = getDb();
  // Both lists in one read, so the page is one look in each company's access log.
  const [clients, { rows, total, page, pageSize, recent }] = await Promise.all([
    listActiveClientOptions(db, { actor }),
    listAdminDocuments(db, { actor, ...query, recentCount: RECENT_UPLOADS }),
  ]);
  const downloads = await listDocumentDownloads(db, { actor, documentIds: [...new Set([...rows, ...recent].map((row) => row.id))] });
  const filters = { q: query.q, clientId: query.clientId, category: query.category === "all" ? "" : query.category };
  return (
    <>
      <PageHeader title="Documents" description="Share contracts, reports and deliverables with clients." />
      <div className="mb-8 max-w-2xl">
        <UploadForm clients={clients} />
      </div>
      <Card className="mb-8">
        <h2 className="text-lg font-semibold">Recent Uploads</h2>
        <p className="mb-3 text-sm text-muted">The latest {RECENT_UPLOADS} documents of every client; view or delete each.</p>
        <DocumentList caption="Recent Uploads" filtered={false} documents={documentViews(recent, downloads)} />
      </Card>
      <h2 className="text-lg font-semibold">All Documents</h2>
      <p className="mb-3 text-sm text-muted">Every client&apos;s documents, the latest first; search, filter and page through them.</p>
      <FilterForm
        basePath="/admin/documents"
        fields={[
          { kind: "search", name: "q", label: "Search by name", value: query.q, placeholder: "Search by name..." },
          {
            kind: "select",
            name: "clientId",
            label: "Filter by client",
            value: query.clientId,
            options: [{ value: "", label: "All clients" }, ...clients.map((c) => ({ value: c.id, label: c.company }))],
          },
          {
            kind: "select",
            name: "category",
            label: "Filter by category",
            value: query.category,
            options: [
              { value: "all", label: "All categories" },
              ...DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] })),
            ],
          },
        ]}
      />
      <DocumentList
        caption="Documents"
        filtered={Boolean(query.q || query.clientId || query.category !== "all")}
        documents={documentViews(rows, downloads)}
        emptyInstead={
          page > 1 ? (
            <div className="space-y-3 text-center">
              <EmptyState title="No documents on this page" />
              <Link href="/admin/documents" className="text-accent underline">
                Back to the first page
              </Link>
            </div>
          ) : undefined
        }
      />
      <Pagination basePath="/admin/documents" params={filters} page={page} pageSize={pageSize} total={total} noun="documents" />
    </>
  );
}
