"use client";

import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { type ChangeResult, useChange } from "./use-change";

/**
 * Sends a form's raw values (as typed, the action parses them with the same schema) to a server
 * action through useChange. A refusal puts each field message under its field and the action's
 * error above the form; an action that throws (the server could not be reached) ends in the
 * generic message, the typed values kept; success hands the action's data to `onDone`, shown
 * together with the page's fresh data. `busy` lasts until then.
 */
export function useFormAction<Input extends FieldValues, Output, Data>(
  form: UseFormReturn<Input, unknown, Output>,
  action: (values: Input) => Promise<ChangeResult<Data>>,
  onDone: (data: Data) => void,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { busy, run } = useChange<"submit">((message, tone) => (tone === "error" ? setServerError(message) : undefined));
  const onSubmit = form.handleSubmit(() => {
    setServerError(null);
    const values = form.getValues();
    run("submit", () => action(values), {
      done: (data) => onDone(data),
      refused: (refusal) => {
        for (const [name, message] of Object.entries(refusal.fieldErrors ?? {})) {
          if (name in values) form.setError(name as Path<Input>, { message });
        }
        setServerError(refusal.error);
        return true;
      },
    });
  });
  return { onSubmit, serverError, setServerError, busy: busy !== null };
}
