import { IMPORT_FORMAT_LABELS } from "@/lib/domain/finding-import";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { type FindingImportRow } from "@/features/imports/server";
import { importSummary } from "./import-summary";

const STATE_TEXT = { pending: "Previewed, not imported", discarded: "Discarded" } as const;

/** An engagement's imports, newest first: each file with what it did (docs/PRODUCT.md#admin-findings). */
export function ImportHistory({ imports }: { imports: FindingImportRow[] }) {
  if (imports.length === 0) return <p className="text-sm text-muted">No files imported yet.</p>;
  return (
    <ul className="space-y-2" aria-label="Import history">
      {imports.map((i) => (
        <li key={i.id} className="rounded-lg border border-slate-800 p-3 text-sm">
          <p className="font-medium break-words">{i.fileName}</p>
          <p className="text-xs text-muted">
            {IMPORT_FORMAT_LABELS[i.format]} · {formatFileSize(i.fileSize)} · {i.createdByName}, {formatDateTime(i.createdAt)}
          </p>
          <p className="mt-1">{i.state === "applied" ? importSummary(i, i.fullScan) : STATE_TEXT[i.state]}</p>
        </li>
      ))}
    </ul>
  );
}
