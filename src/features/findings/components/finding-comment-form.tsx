"use client";

import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Field, fieldAria, Textarea } from "@/components/ui/field";
import { SubmitRow } from "@/components/ui/submit-row";
import type { ChangeResult } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { type FindingCommentInput } from "@/features/findings/validation";

/** Adds a comment to a finding; `send` is the side's server action (the portal's or the admin's). */
export function FindingCommentForm({
  findingId,
  send,
}: {
  findingId: string;
  send: (input: FindingCommentInput) => Promise<ChangeResult<unknown>>;
}) {
  const id = useId();
  const form = useZodForm(() => import("@/features/findings/validation").then((m) => m.findingCommentSchema), { findingId, body: "" });
  const error = form.formState.errors.body?.message;
  const { onSubmit, message, isBusy } = useFormSubmit(form, send, {
    done: () => {
      form.reset({ findingId, body: "" });
      return "Comment added";
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Field id={id} label="Your comment" error={error}>
        <Textarea rows={3} {...fieldAria(id, error)} {...form.register("body")} />
      </Field>
      <SubmitRow busy={isBusy} label="Add comment" busyLabel="Adding..." />
    </form>
  );
}
