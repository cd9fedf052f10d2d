"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ChangeResult } from "./use-change";

/**
 * The one way a view reads what the page data does not carry, when it shows (passkeys, sessions,
 * a project's invoices, the report lists, a conversation): `read` is a server action, or a read
 * route through `apiFetch`. Read again whenever `key` changes and whenever `reload()`
 * is called (a change awaits it, so the new list shows before its busy state ends). A failed read
 * keeps the last data and sets `error`: the action's message, or `failure` when it threw.
 * `ReadStatus` shows the error and the loading line.
 */
export function useReadOnShow<T>(key: string, read: () => Promise<ChangeResult<T>>, failure: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The latest read function without making every render a new request.
  const latest = useRef({ read, failure });
  useEffect(() => {
    latest.current = { read, failure };
  });

  const reload = useCallback(async () => {
    try {
      const result = await latest.current.read();
      if (result.success) {
        setData(result.data);
        setError(null);
      } else setError(result.error);
    } catch {
      setError(latest.current.failure);
    }
  }, []);

  useEffect(() => {
    // Reading is the effect's purpose: the state updates happen after the request resolves.
    void reload();
  }, [key, reload]);

  return { data, error, reload };
}
