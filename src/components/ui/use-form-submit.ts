"use client";

import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { type ChangeOptions, type ChangeResult, type Notify, useChange } from "./use-change";

export type FormMessage = { tone: "success" | "error"; text: string };

export type FormSubmitOptions<Data> = ChangeOptions<Data> & {
  /** Where the form's messages go instead of its own `message` (a toast, say). */
  notify?: Notify;
  /** Said (as an error) when the browser's check refuses the fields; their own messages show under them either way. */
  invalid?: string;
};

/** Whether `name` ("email", "rates.0.hourlyRate") is a field of the form's values. */
function hasField(values: FieldValues, name: string): boolean {
  let at: unknown = values;
  for (const part of name.split(".")) {
    if (typeof at !== "object" || at === null || !(part in at)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * The one way a form is sent (docs/ARCHITECTURE.md, "UI conventions"). The form (useZodForm)
 * checks the fields with the schema the server parses; then the values as typed go to `send` (a
 * server action, or a route handler through `routeChange`), which parses them with that schema
 * again, as a change (useChange): `isBusy` from the press until the screen shows the outcome. A
 * refusal puts each field message under its field and the server's message in `message` (above
 * the form, or wherever `notify` says); a form that could not be sent says the generic message (or
 * `unreachable`), the typed values kept. `done` gets the answer's data, shown together with the
 * page's fresh data.
 */
export function useFormSubmit<Input extends FieldValues, Output, Data>(
  form: UseFormReturn<Input, unknown, Output>,
  send: (values: Input) => Promise<ChangeResult<Data>>,
  { notify, invalid, refused, ...options }: FormSubmitOptions<Data> = {},
) {
  const [message, setMessage] = useState<FormMessage | null>(null);
  const show: Notify = notify ?? ((text, tone) => setMessage({ tone, text }));
  const { isBusy, run } = useChange<"submit">(show);

  const onSubmit = form.handleSubmit(
    () => {
      setMessage(null);
      const values = form.getValues();
      run("submit", () => send(values), {
        ...options,
        refused: (refusal) => {
          if (refused?.(refusal)) return true;
          for (const [name, text] of Object.entries(refusal.fieldErrors ?? {})) {
            if (hasField(values, name)) form.setError(name as Path<Input>, { type: "server", message: text });
          }
          return false;
        },
      });
    },
    invalid ? () => show(invalid, "error") : undefined,
  );

  return { onSubmit, isBusy, message, setMessage };
}
