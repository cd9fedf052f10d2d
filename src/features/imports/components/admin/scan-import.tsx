"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FileInput, Select } from "@/components/ui/field";
import { type ChangeResult, routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";
import { IMPORT_FORMAT_LABELS, IMPORT_FORMATS } from "@/lib/domain/finding-import";
import { discardFindingImportAction } from "@/features/imports/actions/admin";
import type { ApplyFindingImportInput } from "@/features/imports/validation";
import { IMPORT_FILE_EXTENSIONS, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from "@/features/imports/validation/import-file";
import { type ImportPreview } from "@/features/imports/server";
import { type AppliedImportCounts, importSummary, linkedSummary, plural } from "./import-summary";

/**
 * Applies a preview: a server action the page hands over (the evidence slice's, which also links the
 * imported findings to the engagement's test cases; findings may not import it).
 */
export type ApplyImport = (input: ApplyFindingImportInput) => Promise<ChangeResult<AppliedImportCounts>>;

/**
 * Imports a scan file into the engagement (docs/PRODUCT.md#admin-findings): the file is uploaded
 * and previewed first (new, already known, coming back, missing), then imported or discarded.
 */
export function ScanImport({ projectId, applyImport }: { projectId: string; applyImport: ApplyImport }) {
  const fileId = useId();
  const formatId = useId();
  const missingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState("");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [markMissing, setMarkMissing] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { isBusy, running, run } = useChange<"upload" | "apply" | "discard">((text, tone) => setMessage({ tone, text }));

  const upload = () => {
    setMessage(null);
    if (!file) return setMessage({ tone: "error", text: "Choose a scan file" });
    if (file.size > IMPORT_MAX_BYTES) return setMessage({ tone: "error", text: IMPORT_TOO_LARGE });
    const body = new FormData();
    body.set("projectId", projectId);
    body.set("format", format);
    body.set("file", file);
    run("upload", () => routeChange(apiFetch<{ preview: ImportPreview }>("/api/admin/findings/import", { method: "POST", body })), {
      done: ({ preview }) => {
        setPreview(preview);
        setMarkMissing(false);
      },
      refresh: false,
    });
  };
  const apply = (importId: string) =>
    run("apply", () => applyImport({ importId, markMissing }), {
      done: (counts) => {
        setPreview(null);
        setFile(null);
        return `Imported: ${importSummary(counts, markMissing)}${linkedSummary(counts.linkedCount)}`;
      },
    });
  const discard = (importId: string) =>
    run("discard", () => discardFindingImportAction({ importId }), {
      done: () => {
        setPreview(null);
        return "Import discarded";
      },
    });

  return (
    <div className="space-y-3">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {preview ? (
        <section aria-label="Import preview" className="space-y-3 rounded-lg border border-slate-800 p-3 text-sm">
          <p>
            <span className="font-medium break-words">{preview.fileName}</span>{" "}
            <span className="text-muted">({IMPORT_FORMAT_LABELS[preview.format]})</span>
          </p>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <PreviewCount label="New" value={preview.newCount} hint="become drafts" />
            <PreviewCount label="Already known" value={preview.knownCount} hint="left as they are" />
            <PreviewCount label="Coming back" value={preview.reopenedCount} hint="fixed, seen again: reopened" />
            <PreviewCount label="Missing" value={preview.missingCount} hint="this tool's, not in the file" />
          </dl>
          {preview.newTitles.length > 0 ? <TitleList label="New" titles={preview.newTitles} total={preview.newCount} /> : null}
          {preview.reopenedTitles.length > 0 ? (
            <TitleList label="Coming back" titles={preview.reopenedTitles} total={preview.reopenedCount} />
          ) : null}
          {preview.missingCount > 0 ? (
            <label htmlFor={missingId} className="flex items-start gap-2">
              <input
                id={missingId}
                type="checkbox"
                className="mt-1"
                checked={markMissing}
                onChange={(e) => setMarkMissing(e.target.checked)}
              />
              <span>
                This was a full scan: mark the {plural(preview.missingCount, "missing finding")} &ldquo;Not seen in the latest full
                scan&rdquo;
              </span>
            </label>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => apply(preview.id)} disabled={isBusy}>
              {running === "apply" ? "Importing..." : "Import"}
            </Button>
            <Button variant="secondary" onClick={() => discard(preview.id)} disabled={isBusy}>
              {running === "discard" ? "Discarding..." : "Discard"}
            </Button>
          </div>
        </section>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <label htmlFor={formatId} className="text-sm">
            <span className="mb-1 block text-muted">Tool</span>
            <Select id={formatId} value={format} onChange={(e) => setFormat(e.target.value)} className="max-w-[16rem]">
              <option value="">From the file</option>
              {IMPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {IMPORT_FORMAT_LABELS[f]}
                </option>
              ))}
            </Select>
          </label>
          <label htmlFor={fileId} className="text-sm">
            <span className="mb-1 block text-muted">Scan file</span>
            <FileInput id={fileId} accept={IMPORT_FILE_EXTENSIONS.join(",")} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <Button onClick={upload} disabled={isBusy}>
            {running === "upload" ? "Reading the file..." : "Preview import"}
          </Button>
        </div>
      )}
    </div>
  );
}

function PreviewCount({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <div className="rounded-md bg-slate-900/60 p-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold">{value.toLocaleString("en-US")}</dd>
      <dd className="text-xs text-muted">{hint}</dd>
    </div>
  );
}

function TitleList({ label, titles, total }: { label: string; titles: string[]; total: number }) {
  return (
    <div>
      <p className="text-xs text-muted">
        {label}
        {total > titles.length ? ` (first ${titles.length} of ${total.toLocaleString("en-US")})` : ""}
      </p>
      <ul className="list-disc pl-5">
        {titles.map((t, i) => (
          <li key={i} className="break-words">
            {t}
          </li>
        ))}
      </ul>
    </div>
  );
}
