"use client";

import { useState } from "react";
import { useBusy } from "@/components/ui/use-busy";
import { useServerState } from "@/components/ui/use-server-state";
import type { ActionResult } from "@/server/handler";

export type ActionMessage = { tone: "success" | "error"; text: string };

/**
 * A dashboard card's items (fresh ones from the server replace them) and one server action at a
 * time on an item, which takes the item off the card when it succeeds: which item is busy, how many
 * left the card, and the message the action ends with (the success text from `onOk`, the action's
 * error, or `failure` when it could not be sent at all).
 */
export function useCardItems<I extends { id: string }>(initial: I[]) {
  const [items, setItems] = useServerState(initial);
  const { busy, run: runBusy } = useBusy();
  const [message, setMessage] = useState<ActionMessage | null>(null);

  const run = <T>(item: I, call: () => Promise<ActionResult<T>>, onOk: (data: T) => string, failure: string) => {
    setMessage(null);
    return runBusy(
      item.id,
      async () => {
        const result = await call();
        if (!result.ok) return setMessage({ tone: "error", text: result.error });
        setItems((list) => list.filter((other) => other.id !== item.id));
        setMessage({ tone: "success", text: onOk(result.data) });
      },
      () => setMessage({ tone: "error", text: failure }),
    );
  };

  return { items, removed: initial.length - items.length, busy, message, run };
}
