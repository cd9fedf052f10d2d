"use client";

import { useCallback, useEffect, useRef, useState } from "react";

type ReadResult<T> = { ok: true; data: T } | { ok: false; error: string };

/**
 * Data a component reads with a server action when it shows (the page data does not carry it),
 * again whenever `key` changes and whenever `reload()` is called after a change. A failed read
 * keeps the last data and sets `error`: the action's message, or `failure` when it threw.
 */
export function useActionData<T>(key: string, read: () => Promise<ReadResult<T>>, failure: string) {
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
      if (result.ok) {
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
