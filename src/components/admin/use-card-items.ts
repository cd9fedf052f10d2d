"use client";

import { useState } from "react";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import { useServerState } from "@/components/ui/use-server-state";

export type ActionMessage = { tone: "success" | "error"; text: string };

/**
 * A dashboard card's items (fresh ones from the server replace them) and one change at a time on
 * an item (useChange), which takes the item off the card when it succeeds: which item is busy (`running`), how
 * many left the card, and the message the change ended with, shown on the card.
 */
export function useCardItems<I extends { id: string }>(initial: I[]) {
  const [items, setItems] = useServerState(initial);
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const { running, run: runChange } = useChange((text, tone) => setMessage({ tone, text }));

  const run = <T>(item: I, call: () => Promise<ChangeResult<T>>, onOk: (data: T) => string) => {
    setMessage(null);
    runChange(item.id, call, {
      done: (data) => {
        setItems((list) => list.filter((other) => other.id !== item.id));
        return onOk(data);
      },
    });
  };

  return { items, removed: initial.length - items.length, running, message, run };
}
