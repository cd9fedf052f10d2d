"use client";

import { Download, Eye } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { OutcomeMessage } from "@/components/ui/outcome-message";
import { Loading } from "@/components/ui/spinner";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { ACCESS_LOG_KINDS, type AccessLogKind, accessLogLabel } from "@/lib/domain/access-log";
import { apiFetch } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import type { AccessLogEntry } from "@/features/audit/server";

type Integrity = { ok: true; entries: number } | { ok: false; entryId: number | null; reason: string };
type SignedHead = { seq: number; hash: string; jws: string; signedAt: string };
type Page = { rows: AccessLogEntry[]; total: number; page: number; pageSize: number; integrity: Integrity; signedHead: SignedHead | null };

/**
 * The firm's accesses to the company's data (docs/PRODUCT.md#portal-access-log): owners only, newest
 * first, a page at a time, with the whole log as CSV, and whether its hash chain still verifies.
 */
export function AccessLogCard() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<AccessLogKind | "">("");
  const { data, error } = useReadOnShow(
    `${page}:${kind}`,
    async () => ({
      success: true,
      data: await apiFetch<Page>(`/api/client/access-log?page=${page}${kind ? `&kind=${kind}` : ""}`, { cache: "no-store" }),
    }),
    "The access log could not be loaded. Please reload the page.",
  );

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card className="max-w-2xl">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Eye className="h-5 w-5 text-accent" aria-hidden /> Access log
          </h2>
          <p className="mt-1 text-sm text-muted">Every time our team looked at, downloaded or exported your data, or viewed your portal.</p>
        </div>
        <a
          href="/api/client/access-log/export"
          className="inline-flex items-center gap-1 rounded-md border border-slate-700 px-3 py-1.5 text-sm hover:bg-slate-800"
        >
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </a>
      </div>
      {data?.signedHead ? (
        <p className="mt-3 text-sm text-muted">
          Signed head number {data.signedHead.seq}, signed {formatDateTime(data.signedHead.signedAt)}.{" "}
          <a
            href={`data:application/jose;charset=utf-8,${encodeURIComponent(data.signedHead.jws)}`}
            download={`access-log-head-${data.signedHead.signedAt.slice(0, 10)}.jws`}
            className="text-accent underline"
          >
            Download signed head
          </a>{" "}
          and keep it: it proves later that no entry up to it was changed or removed.
        </p>
      ) : null}
      {data ? (
        data.integrity.ok ? (
          <OutcomeMessage kind="success" className="mt-3">
            Integrity Verified <span className="text-muted">· the chain of hashes was recomputed just now</span>
          </OutcomeMessage>
        ) : (
          <OutcomeMessage kind="refusal" className="mt-3">
            Integrity check failed{data.integrity.entryId !== null ? ` at entry ${data.integrity.entryId}` : ""}: {data.integrity.reason}
          </OutcomeMessage>
        )
      ) : null}
      <label className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">Kind</span>
        <select
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as AccessLogKind | "");
            setPage(1);
          }}
          className="rounded-md border border-slate-700 bg-slate-900 px-2 py-1.5 text-sm"
        >
          <option value="">All kinds</option>
          {ACCESS_LOG_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : data === null ? (
        <Loading label="Loading the access log" />
      ) : data.rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{kind ? "No accesses of this kind." : "Our team has not accessed your data yet."}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-800 text-sm" aria-label="Access log entries">
            {data.rows.map((row) => (
              <li key={row.id} className="py-2">
                <p className="font-medium">
                  {accessLogLabel(row.action)}
                  {row.item ? <span className="break-words font-normal text-muted"> · {row.item}</span> : null}
                </p>
                <p className="text-xs text-muted">
                  {row.who} · {formatDateTime(row.at)}
                  {row.viewingPortal ? " · while viewing your portal" : ""}
                </p>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="mt-3 flex items-center justify-between gap-2 text-sm" aria-label="Access log pages">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <span className="text-muted">
                Page {page} of {pages}
              </span>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Older
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
