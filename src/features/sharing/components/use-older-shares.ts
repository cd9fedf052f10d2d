"use client";

import { useCallback, useState } from "react";
import { GENERIC_ERROR } from "@/lib/messages";
import { loadMoreSharesAction } from "@/features/sharing/actions/room-pages";
import type { ShareRoomShare } from "@/features/sharing/server";

/**
 * The room's shares beyond the first page (the server renders that one): loaded a page at a time
 * after `firstNext`, and read again after a change, so a share shown from an older page never
 * shows a state the server no longer holds.
 */
export function useOlderShares(firstNext: string | null) {
  const [older, setOlder] = useState<ShareRoomShare[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cursor = older.length > 0 ? next : firstNext;

  const more = useCallback(async () => {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const result = await loadMoreSharesAction({ after: cursor });
      if (!result.success) return setError(result.error || GENERIC_ERROR);
      setOlder((shown) => [...shown, ...result.data.shares]);
      setNext(result.data.next);
    } catch {
      setError(GENERIC_ERROR);
    } finally {
      setLoading(false);
    }
  }, [cursor]);

  const reread = useCallback(async () => {
    if (older.length === 0 || !firstNext) return;
    const read: ShareRoomShare[] = [];
    let after: string | null = firstNext;
    try {
      while (after && read.length < older.length) {
        const result = await loadMoreSharesAction({ after });
        if (!result.success) return setError(result.error || GENERIC_ERROR);
        read.push(...result.data.shares);
        after = result.data.next;
      }
      setOlder(read);
      setNext(after);
    } catch {
      setError(GENERIC_ERROR);
    }
  }, [older.length, firstNext]);

  return { older, hasMore: cursor !== null, more, reread, loading, error };
}
