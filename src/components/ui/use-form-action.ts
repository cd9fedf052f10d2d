"use client";

import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { GENERIC_ERROR } from "@/lib/messages";

type FormActionResult<Data> = { ok: true; data: Data } | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * Sends a form's raw values (as typed, the action parses them with the same schema) to a server
 * action. A refusal puts each field message under its field and the action's error above the form;
 * an action that throws (the server could not be reached) ends in the generic message, the typed
 * values kept; success hands the action's data to `onDone`.
 */
export function useFormAction<Input extends FieldValues, Output, Data>(
  form: UseFormReturn<Input, unknown, Output>,
  action: (values: Input) => Promise<FormActionResult<Data>>,
  onDone: (data: Data) => void,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async () => {
    setServerError(null);
    const values = form.getValues();
    let result: FormActionResult<Data>;
    try {
      result = await action(values);
    } catch {
      setServerError(GENERIC_ERROR);
      return;
    }
    if (!result.ok) {
      for (const [name, message] of Object.entries(result.fieldErrors ?? {})) {
        if (name in values) form.setError(name as Path<Input>, { message });
      }
      setServerError(result.error);
      return;
    }
    onDone(result.data);
  });
  return { onSubmit, serverError, setServerError };
}
