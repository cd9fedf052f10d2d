"use client";

import { useState } from "react";

/**
 * Local state that starts from what the server rendered and starts over from it whenever `source`
 * (by default the value itself) is a new object, e.g. after router.refresh(): the card edits its
 * copy (an item leaves, a count drops) until fresh data replaces it.
 */
export function useServerState<T>(value: T, source: unknown = value) {
  const [state, setState] = useState(value);
  const [seen, setSeen] = useState(source);
  if (source !== seen) {
    setSeen(source);
    setState(value);
  }
  return [state, setState] as const;
}
