"use client";

import { Download, Eye, FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { deleteDocumentAction } from "@/features/documents/actions/admin";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { DOCUMENT_CATEGORY_LABELS, type DocumentCategory, type DownloadSide } from "@/lib/domain/document-category";
import { formatFileSize } from "@/lib/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { DownloadList } from "./download-list";

export type AdminDownloadView = { personName: string; side: DownloadSide; downloadedAt: string; clientAddress: string; userAgent: string };

export type DocumentView = {
  id: string;
  name: string;
  category: DocumentCategory;
  fileSize: number;
  uploadedAt: string;
  company: string;
  downloadCount: number;
  downloads: AdminDownloadView[];
};

const EMPTY: ListEmptyTexts = {
  icon: FileText,
  whenFiltered: { title: "No documents found", hint: "Try adjusting your search or filters" },
  whenNone: { title: "No documents yet", hint: "Upload your first document above" },
};

/**
 * Documents in a table (docs/PRODUCT.md#admin-documents): Recent Uploads, or one page of every
 * document (captioned "Documents"). View opens a short-lived signed
 * link in a new tab, Downloads shows who downloaded it, Delete asks in the product's dialog first.
 */
export function DocumentList({
  caption,
  documents,
  filtered,
  emptyInstead,
}: {
  caption: string;
  documents: DocumentView[];
  filtered: boolean;
  emptyInstead?: React.ReactNode;
}) {
  const { toast, show } = useToast();
  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const [showing, setShowing] = useState<DocumentView | null>(null);
  const { isBusy, running, run } = useChange<"delete">((text, tone) => show(text, tone === "error" ? 6000 : 5000, tone));

  const remove = () => {
    const doc = deleting;
    if (!doc) return;
    run("delete", () => deleteDocumentAction({ documentId: doc.id }), {
      done: () => {
        setDeleting(null);
        return "Document deleted successfully";
      },
    });
  };

  const columns: Column<DocumentView>[] = [
    {
      header: "Document",
      cell: (doc) => (
        <span className="flex min-w-0 items-center gap-2">
          <FileText className="h-4 w-4 shrink-0 text-accent" aria-hidden />
          <span className="break-all">{doc.name}</span>
        </span>
      ),
    },
    { header: "Client", cell: (doc) => doc.company },
    { header: "Category", priority: "low", cell: (doc) => DOCUMENT_CATEGORY_LABELS[doc.category], className: "text-muted" },
    { header: "Size", align: "right", priority: "low", cell: (doc) => formatFileSize(doc.fileSize), className: "text-muted" },
    { header: "Uploaded", cell: (doc) => <RelativeTime value={doc.uploadedAt} />, className: "text-muted whitespace-nowrap" },
    {
      header: "Downloads",
      align: "right",
      cell: (doc) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setShowing(doc)}
          aria-label={`Downloads of ${doc.name}: ${doc.downloadCount}`}
          title="Who downloaded it"
        >
          <Download className="h-4 w-4" aria-hidden />
          {doc.downloadCount}
        </Button>
      ),
    },
    {
      header: "Actions",
      hideHeader: true,
      cell: (doc) => (
        <span className="flex items-center justify-end gap-1">
          <a
            href={`/api/admin/documents/${doc.id}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View ${doc.name} (opens in a new tab)`}
            title="View"
            className="rounded-md p-2 text-muted hover:bg-surface-2 hover:text-accent"
          >
            <Eye className="h-4 w-4" aria-hidden />
          </a>
          <button
            type="button"
            onClick={() => setDeleting(doc)}
            disabled={isBusy}
            aria-label={`Delete ${doc.name}`}
            title="Delete"
            className="rounded-md p-2 text-muted hover:bg-red-500/10 hover:text-red-300 disabled:opacity-50"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <ListTable
        caption={caption}
        columns={columns}
        rows={documents}
        minWidthClass="md:min-w-[760px]"
        filtered={filtered}
        empty={EMPTY}
        emptyInstead={emptyInstead}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete "${deleting?.name ?? ""}"?`}
        description="The file is removed for the client too, with its download records. This cannot be undone."
        width="md"
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={isBusy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={remove} disabled={isBusy} aria-busy={running === "delete"}>
            {running === "delete" ? "Deleting..." : "Delete document"}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={showing !== null}
        onOpenChange={(open) => (open ? undefined : setShowing(null))}
        title={`Downloads of "${showing?.name ?? ""}"`}
        description={
          showing
            ? `${showing.downloadCount} in all${showing.downloadCount > showing.downloads.length ? `, the newest ${showing.downloads.length} shown` : ""}.`
            : undefined
        }
      >
        {showing ? <DownloadList downloads={showing.downloads} /> : null}
      </Dialog>
      <Toast toast={toast} />
    </>
  );
}
