"use client";

import { Download, FileText, Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/field";
import { Options } from "@/components/ui/options";
import { EmptyState } from "@/components/ui/spinner";
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, DOWNLOADS_SHOWN } from "@/lib/domain/document-category";
import { useChange } from "@/components/ui/use-change";
import { formatDate, formatDateTime, formatFileSize } from "@/lib/format";
import type { PortalDocument } from "@/features/documents/server";
import { downloadDocument } from "./download-document";
import { ReportVault } from "@/features/reports/components/report-vault";
import { ReportsWithheld } from "@/features/reports/components/reports-withheld";
import { SectionHeading } from "@/components/portal/section-heading";

/** PDF when the mime type contains pdf, else FILE (docs/PRODUCT.md#portal-documents). */
const fileType = (mimeType: string) => (mimeType.toLowerCase().includes("pdf") ? "PDF" : "FILE");

export function DocumentsSection({ documents, reportsWithheld }: { documents: PortalDocument[]; reportsWithheld: boolean }) {
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState("all");
  const [error, setError] = useState<string | null>(null);
  const { running: busyId, run } = useChange((message) => setError(message));
  const searchId = useId();
  const categoryId = useId();

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return documents.filter(
      (doc) => (category === "all" || doc.category === category) && (needle === "" || doc.name.toLowerCase().includes(needle)),
    );
  }, [documents, query, category]);

  // The refresh shows the download among the document's downloads.
  const download = (doc: PortalDocument) => {
    setError(null);
    run(doc.id, async () => {
      const failure = await downloadDocument(doc.id);
      return failure ? { success: false, error: failure } : { success: true, data: null };
    });
  };

  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="Document Library" />
      {reportsWithheld ? <ReportsWithheld /> : <ReportVault />}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search documents
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input
            id={searchId}
            type="search"
            placeholder="Search documents..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="pl-9"
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor={categoryId} className="sr-only">
            Category
          </label>
          <Select id={categoryId} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="all">All Categories</option>
            <Options items={DOCUMENT_CATEGORIES} label={DOCUMENT_CATEGORY_LABELS} />
          </Select>
        </div>
      </div>
      <p className="mb-4 text-sm text-muted" aria-live="polite">
        Showing {shown.length} of {documents.length} documents
      </p>
      {error ? (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      {shown.length === 0 ? (
        documents.length === 0 ? (
          // Nothing to search yet: saying "adjust your search" would send the person looking for a fault.
          <EmptyState
            title="No documents yet"
            hint="Documents the firm shares with you will appear here."
            icon={<FileText className="h-10 w-10" aria-hidden />}
          />
        ) : (
          <EmptyState
            title="No documents found"
            hint="Try adjusting your search or filter criteria"
            icon={<FileText className="h-10 w-10" aria-hidden />}
          />
        )
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((doc) => (
            <li key={doc.id}>
              <Card className="flex h-full flex-col gap-3">
                <div className="flex items-start gap-3">
                  <FileText className="h-8 w-8 shrink-0 text-accent" aria-hidden />
                  <h2 id={`document-${doc.id}`} className="break-words font-semibold">
                    {doc.name}
                  </h2>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-xs">
                  <span className="rounded-full border border-cyan-500/40 bg-cyan-500/10 px-2 py-0.5 font-semibold text-cyan-300">
                    {DOCUMENT_CATEGORY_LABELS[doc.category]}
                  </span>
                  <span className="rounded border border-slate-700 px-1.5 py-0.5 font-mono text-slate-300">{fileType(doc.mimeType)}</span>
                  <span className="text-muted">{formatFileSize(doc.fileSize)}</span>
                </div>
                <p className="text-xs text-muted">Uploaded {formatDate(doc.uploadedAt)}</p>
                <DocumentDownloads downloads={doc.downloads} />
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-auto self-start"
                  onClick={() => download(doc)}
                  disabled={busyId === doc.id}
                  // Its name says which document ("Download report.pdf") without repeating the name in the page's text.
                  id={`download-${doc.id}`}
                  aria-labelledby={`download-${doc.id} document-${doc.id}`}
                >
                  <Download className="h-4 w-4" aria-hidden />
                  {busyId === doc.id ? "Downloading..." : "Download"}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Who of the company and of the firm downloaded the document, and when (docs/PRODUCT.md#portal-documents). */
function DocumentDownloads({ downloads }: { downloads: PortalDocument["downloads"] }) {
  if (downloads.length === 0) return <p className="text-xs text-muted">Not downloaded yet</p>;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted hover:text-foreground">
        Downloaded {downloads.length === 1 ? "once" : `${downloads.length} times`}
        {downloads.length >= DOWNLOADS_SHOWN ? " (the latest)" : ""}
      </summary>
      <ul className="mt-2 space-y-1">
        {downloads.map((d, index) => (
          <li key={`${d.downloadedAt}-${index}`}>
            <span className="font-medium">{d.personName}</span>{" "}
            <span className="text-muted">
              ({d.side === "firm" ? "our team" : "your company"}) · {formatDateTime(d.downloadedAt)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
