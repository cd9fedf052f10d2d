"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState, useTransition } from "react";
import { ApiError } from "@/lib/api-client";
import { GENERIC_ERROR } from "@/lib/messages";
import type { Outcome } from "./outcome-message";

/**
 * What a change answers: a server action's result as is (`ActionResult`, src/server/handler.ts), a
 * route handler's through `routeChange`. The one result shape: success with its data, or the
 * server's refusal (the error body every route and action answers).
 */
export type ChangeResult<T> = { success: true; data: T } | ChangeRefusal;
export type ChangeRefusal = { success: false; error: string; code?: string; fieldErrors?: Record<string, string> };
/**
 * Where a screen shows what a change ended with: its toast, or a card's own message. `key` names
 * the change (`run`'s first argument), so a screen can show it next to the button pressed.
 */
export type Notify = (message: string, tone: "success" | "error", key?: string) => void;

export type ChangeOptions<T> = {
  /**
   * Applies the saved state the answer carries (a status, a row that left) and returns the message,
   * if any: a text is a success; an answer that reports a failure (a connection test that failed)
   * returns `{ kind: "refusal", text }` and is shown as a refusal.
   */
  done?: (data: T) => string | (Pick<Outcome, "text"> & { kind: "success" | "refusal" }) | void;
  /** A refusal the screen shows itself (a field's message): true when it did, so no message is shown. */
  refused?: (refusal: ChangeRefusal) => boolean;
  /**
   * Reloads the page's server data with the answer (the default). False when `done` shows the
   * whole new state: Next's router runs the next server action only after a pending refresh, so a
   * needless one would hold up the person's next change.
   */
  refresh?: boolean;
  /** What the screen says when the change could not be sent at all: the generic message, unless the screen has its own (docs/PRODUCT.md). */
  unreachable?: string;
};

/**
 * The one way a screen runs a change and shows that it is busy (src/components/README.md,
 * "Conventions"). `isBusy` is true, and `running` names the running change, from the press until
 * the screen shows its outcome (a form's useFormSubmit answers the same `isBusy`, so a screen never
 * tests a boolean against null): the answer's own state (`done`), the success message and the page's fresh server data
 * are committed in one transition, so the screen never shows the old state once the busy state is
 * gone, nor a success message next to the old state. A change that ends by leaving the page
 * (`done` navigates) stays busy until the next page is there. A refusal shows the server's
 * message, a change that could not be sent at all the generic one; either leaves the screen as it
 * was.
 */
export function useChange<K extends string = string>(notify: Notify) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [running, setRunning] = useState<K | null>(null);

  const run = useCallback(
    <T>(key: K, send: () => Promise<ChangeResult<T>>, options: ChangeOptions<T> = {}) => {
      setRunning(key);
      startTransition(async () => {
        let result: ChangeResult<T>;
        try {
          result = await send();
        } catch {
          notify(options.unreachable ?? GENERIC_ERROR, "error", key);
          return;
        }
        if (!result.success) {
          if (!options.refused?.(result)) notify(result.error || GENERIC_ERROR, "error", key);
          return;
        }
        const { data } = result;
        // After an await the updates need a transition of their own to join the pending one
        // (React commits the two together, with the refreshed page).
        startTransition(() => {
          const message = options.done?.(data);
          if (typeof message === "string" && message) notify(message, "success", key);
          else if (message && typeof message === "object") notify(message.text, message.kind === "refusal" ? "error" : "success", key);
          if (options.refresh !== false) router.refresh();
        });
      });
    },
    [notify, router],
  );

  const current = pending ? running : null;
  return { isBusy: current !== null, running: current, run };
}

/**
 * A route handler's answer as a change result: its refusal becomes `{ success: false }` with the
 * server's text (or `noText` when the body carried none); an unreachable server still throws.
 */
export async function routeChange<T>(call: Promise<T>, noText: string = GENERIC_ERROR): Promise<ChangeResult<T>> {
  try {
    return { success: true, data: await call };
  } catch (error) {
    if (error instanceof ApiError)
      return { success: false, error: error.message || noText, code: error.code, fieldErrors: error.fieldErrors };
    throw error;
  }
}
