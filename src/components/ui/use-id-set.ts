"use client";

import { useCallback, useState } from "react";

/** A set of row ids the person picks one by one (selected, expanded): a click toggles one id, clear empties it. */
export function useIdSet() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setIds((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setIds(new Set()), []);
  return { ids, toggle, clear };
}
