"use client";

import { useCallback, useState } from "react";

/**
 * One change at a time in a component: `busy` names the running change (null when idle) so its
 * buttons can be disabled, and a thrown failure (network down, server unreachable) reaches
 * `onThrow` instead of leaving the buttons disabled.
 */
export function useBusy<K extends string = string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(async (key: K, work: () => Promise<unknown>, onThrow: (failure: unknown) => void) => {
    setBusy(key);
    try {
      await work();
    } catch (failure) {
      onThrow(failure);
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, run };
}
