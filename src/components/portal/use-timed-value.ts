"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A value shown for a fixed time (the 3 s banners and 5 s confirmation): show(value)
 * replaces any current one and restarts the timer; onEnd runs when it clears.
 */
export function useTimedValue<T>(durationMs: number) {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T, onEnd?: () => void) => {
      clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => {
        setValue(null);
        onEnd?.();
      }, durationMs);
    },
    [durationMs],
  );
  return [value, show] as const;
}
