"use client";

import { Eye, FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/spinner";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";
import { DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from "@/lib/domain/document-category";
import { formatFileSize, formatRelativeTime } from "@/lib/format";

export type DocumentView = { id: string; name: string; category: DocumentCategory; fileSize: number; uploadedAt: string; company: string };

/** Recent Uploads: view opens a short-lived signed link in a new tab; delete asks first. */
export function RecentUploads({ documents }: { documents: DocumentView[] }) {
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { busy, run } = useChange((text, tone) => setMessage({ tone, text }));

  const remove = (doc: DocumentView) => {
    if (!window.confirm(`Are you sure you want to delete "${doc.name}"? This cannot be undone.`)) return;
    setMessage(null);
    run(doc.id, () => routeChange(apiFetch(`/api/admin/documents/${doc.id}`, { method: "DELETE" })), {
      done: () => "Document deleted successfully",
    });
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">Recent Uploads</h2>
      {message ? (
        <Alert tone={message.tone} className="mt-3">
          {message.text}
        </Alert>
      ) : null}
      {documents.length === 0 ? (
        <div className="mt-4">
          <EmptyState
            title="No documents yet"
            hint="Upload your first document above"
            icon={<FileText className="h-8 w-8" aria-hidden />}
          />
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800">
          {documents.map((doc) => (
            <li key={doc.id} className="flex items-center gap-3 py-3">
              <FileText className="h-5 w-5 shrink-0 text-accent" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{doc.name}</p>
                <p className="truncate text-xs text-muted">
                  {doc.company} · {DOCUMENT_CATEGORY_LABELS[doc.category]} · {formatFileSize(doc.fileSize)} ·{" "}
                  {formatRelativeTime(doc.uploadedAt)}
                </p>
              </div>
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
                onClick={() => remove(doc)}
                disabled={busy !== null}
                aria-busy={busy === doc.id}
                aria-label={`Delete ${doc.name}`}
                title="Delete"
                className="rounded-md p-2 text-muted hover:bg-red-500/10 hover:text-red-300 disabled:opacity-50"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
