import { formatDateTime } from "@/lib/format";
import type { AdminDownloadView } from "./document-list";

/** One document's downloads for the admin: who (client or firm), when, from which address and browser. */
export function DownloadList({ downloads }: { downloads: AdminDownloadView[] }) {
  if (downloads.length === 0) return <p className="text-sm text-muted">Nobody has downloaded it yet.</p>;
  return (
    <ul className="divide-y divide-slate-800 text-sm" aria-label="Downloads">
      {downloads.map((d, index) => (
        <li key={`${d.downloadedAt}-${index}`} className="py-2">
          <p className="font-medium">
            {d.personName} <span className="text-muted">({d.side === "firm" ? "the firm" : "client"})</span>
          </p>
          <p className="break-all text-xs text-muted">
            {formatDateTime(d.downloadedAt)} · {d.clientAddress} · {d.userAgent || "no browser given"}
          </p>
        </li>
      ))}
    </ul>
  );
}
