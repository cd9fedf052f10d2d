"use client";

import { Paperclip, Send } from "lucide-react";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { type $ZodType, safeParse } from "zod/v4/core";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Textarea } from "@/components/ui/field";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from "@/lib/validation/uploads";
import { fieldErrorsOf } from "@/lib/validation/field-errors";
import { MESSAGE_MAX_LENGTH } from "@/features/messages/validation";

/**
 * A message box with an optional file, sent as multipart to `url`. `fields` renders extra inputs
 * (subject, project, client) that are part of the same form; `schema` checks the text fields in
 * the browser exactly as the server will.
 */
export function MessageForm<T>({
  url,
  schema,
  submitLabel,
  bodyLabel = "Message",
  fields,
  prepare,
  onSent,
  onError,
}: {
  url: string;
  schema: $ZodType;
  submitLabel: string;
  bodyLabel?: string;
  fields?: (errors: Record<string, string>) => ReactNode;
  /** Work the new state needs before it can show (the conversation read again); the button stays busy meanwhile. */
  prepare?: (result: T) => Promise<void>;
  /** Shows what the message changed (the message, the new conversation opened), committed with the change. */
  onSent: (result: T) => void;
  onError: (message: string) => void;
}) {
  const bodyId = useId();
  const fileId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fileName, setFileName] = useState<string | null>(null);
  const { isBusy, run } = useChange<"send">((message, tone) => (tone === "error" ? onError(message) : undefined));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    const parsed = safeParse(schema, values);
    const file = form.get("file");
    const errs = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (file instanceof File && file.size > MAX_UPLOAD_BYTES) errs.file = "File is too large. The maximum is 50MB.";
    setErrors(errs);
    if (Object.keys(errs).length) return;
    if (!(file instanceof File) || file.size === 0) form.delete("file");
    run(
      "send",
      async () => {
        const result = await routeChange(apiFetch<T>(url, { method: "POST", body: form }));
        if (result.success) await prepare?.(result.data);
        return result;
      },
      {
        done: (sent) => {
          formRef.current?.reset();
          setFileName(null);
          onSent(sent);
        },
        refused: (refusal) => {
          if (refusal.fieldErrors) setErrors(refusal.fieldErrors);
          return false;
        },
        // The callers refresh what they show (the conversation, or the page they open).
        refresh: false,
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {fields?.(errors)}
      <Field id={bodyId} label={bodyLabel} error={errors.body}>
        <Textarea {...fieldAria(bodyId, errors.body)} name="body" rows={4} maxLength={MESSAGE_MAX_LENGTH} />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="relative min-w-0">
          <label htmlFor={fileId} className="inline-flex cursor-pointer items-center gap-2 text-sm text-muted hover:text-foreground">
            <Paperclip className="h-4 w-4" aria-hidden />
            Attach a file (optional)
          </label>
          {/* A bare input, not the styled Input: its full width beat sr-only's 1 px and widened the page. */}
          <input
            id={fileId}
            name="file"
            type="file"
            accept={UPLOAD_ACCEPT}
            className="sr-only"
            aria-describedby={errors.file ? `${fileId}-error` : undefined}
            onChange={(e) => setFileName(e.target.files?.[0]?.name ?? null)}
          />
          {fileName ? <p className="truncate text-xs text-muted">{fileName}</p> : null}
          {errors.file ? (
            <p id={`${fileId}-error`} role="alert" className="text-sm text-danger">
              {errors.file}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={isBusy}>
          <Send className="h-4 w-4" aria-hidden />
          {isBusy ? "Sending..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
