"use client";

import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { ClientPicker } from "@/components/admin/client-picker";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Field, FileInput, Select } from "@/components/ui/field";
import { formatFileSize } from "@/lib/format";
import { DEFAULT_DOCUMENT_CATEGORY, DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS } from "@/lib/domain/document-category";
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, uploadExtensionOf } from "@/lib/validation/uploads";
import { Options } from "@/components/ui/options";
import { SubmitRow } from "@/components/ui/submit-row";
import { useChange } from "@/components/ui/use-change";
import { GENERIC_ERROR } from "@/lib/messages";

type Message = { tone: "success" | "error"; text: string } | null;

/** Sends the file with XMLHttpRequest, whose upload events give a real progress bar. */
function sendWithProgress(
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: { success?: boolean; error?: string } }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/documents/upload");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response as { success?: boolean; error?: string } | null) ?? {} });
    xhr.onerror = () => reject(new Error("network error"));
    xhr.send(form);
  });
}

export function UploadForm({ clients }: { clients: { id: string; company: string }[] }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [clientId, setClientId] = useState("");
  const [category, setCategory] = useState<string>(DEFAULT_DOCUMENT_CATEGORY);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<Message>(null);
  const { isBusy, run } = useChange<"upload">((text, tone) => setMessage({ tone, text }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!clientId || !file) return setMessage({ tone: "error", text: "Please select a client and file" });
    // Quick checks for immediate feedback; the server checks type, content and size again.
    if (!uploadExtensionOf(file.name))
      return setMessage({ tone: "error", text: "Unsupported file type. Allowed: PDF, DOC, DOCX, XLS, XLSX, PNG, JPG, JPEG." });
    if (file.size > MAX_UPLOAD_BYTES) return setMessage({ tone: "error", text: "File is too large. The maximum is 50MB." });

    const form = new FormData();
    form.set("clientId", clientId);
    form.set("category", category);
    form.set("file", file);
    setProgress(0);
    run(
      "upload",
      async () => {
        const { status, body } = await sendWithProgress(form, setProgress);
        return status >= 200 && status < 300 && body.success
          ? { success: true as const, data: body }
          : { success: false as const, error: body.error || GENERIC_ERROR };
      },
      {
        // The new document shows in Recent Uploads with this message.
        done: () => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = "";
          return "Document uploaded successfully!";
        },
      },
    );
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Upload className="h-5 w-5 text-accent" aria-hidden />
        Upload Document
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="upload-client" label="Client">
            <ClientPicker id="upload-client" clients={clients} value={clientId} onChange={setClientId} disabled={isBusy} />
          </Field>
          <Field id="upload-category" label="Category">
            <Select id="upload-category" value={category} onChange={(e) => setCategory(e.target.value)} disabled={isBusy}>
              <Options items={DOCUMENT_CATEGORIES} label={DOCUMENT_CATEGORY_LABELS} />
            </Select>
          </Field>
        </div>
        <Field id="upload-file" label="File" hint="PDF, DOC, DOCX, XLS, XLSX, PNG, JPG or JPEG; 50MB maximum.">
          <FileInput
            ref={fileInput}
            id="upload-file"
            accept={UPLOAD_ACCEPT}
            disabled={isBusy}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        {file ? (
          <p className="text-sm text-muted">
            {file.name} · {formatFileSize(file.size)}
          </p>
        ) : null}
        {isBusy ? (
          <div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 overflow-hidden rounded-full bg-slate-800"
            >
              <div className="h-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-xs text-muted">Uploading... {progress}%</p>
          </div>
        ) : null}
        <SubmitRow busy={isBusy} label="Upload Document" busyLabel="Uploading..." />
      </form>
    </Card>
  );
}
