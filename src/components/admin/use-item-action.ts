"use client";

import { useState } from "react";
import { useBusy } from "@/components/ui/use-busy";
import type { ActionResult } from "@/server/handler";

export type ActionMessage = { tone: "success" | "error"; text: string };

/**
 * One server action at a time on an item of a dashboard card: which item is busy, and the message
 * it ends with (the success text from `onOk`, the action's error, or `failure` when it could not
 * be sent at all).
 */
export function useItemAction() {
  const { busy, run: runBusy } = useBusy();
  const [message, setMessage] = useState<ActionMessage | null>(null);

  const run = <T>(itemId: string, call: () => Promise<ActionResult<T>>, onOk: (data: T) => string, failure: string) => {
    setMessage(null);
    return runBusy(
      itemId,
      async () => {
        const result = await call();
        setMessage(result.ok ? { tone: "success", text: onOk(result.data) } : { tone: "error", text: result.error });
      },
      () => setMessage({ tone: "error", text: failure }),
    );
  };

  return { busy, message, run };
}
