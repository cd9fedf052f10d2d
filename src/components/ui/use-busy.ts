"use client";

import { useCallback, useState } from "react";

/**
 * One change at a time in a component: `busy` names the running change (null when idle) so its
 * buttons can be disabled, and a thrown failure (network down, server unreachable) reaches
 * `onThrow` instead of leaving the buttons disabled. A change that ends by leaving the page calls
 * `stayBusy()`: its buttons stay disabled while the next page loads, instead of inviting a second
 * press.
 */
export function useBusy<K extends string = string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(async (key: K, work: (stayBusy: () => void) => Promise<unknown>, onThrow: (failure: unknown) => void) => {
    setBusy(key);
    const outcome = { stayBusy: false };
    try {
      await work(() => {
        outcome.stayBusy = true;
      });
    } catch (failure) {
      outcome.stayBusy = false;
      onThrow(failure);
    } finally {
      if (!outcome.stayBusy) setBusy(null);
    }
  }, []);
  return { busy, run };
}
