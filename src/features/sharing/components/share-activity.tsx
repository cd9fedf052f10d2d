"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { GENERIC_ERROR } from "@/lib/messages";
import { loadShareActivityAction } from "@/features/sharing/actions/room-pages";
import type { ShareRoomEvent, ShareRoomShare } from "@/features/sharing/server";

/** A share's activity: the latest views and downloads, and every earlier one on demand. */
export function ShareActivity({ share }: { share: ShareRoomShare }) {
  const [earlier, setEarlier] = useState<ShareRoomEvent[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (share.eventCount === 0) return null;
  const events = [...share.events, ...earlier];
  const readEarlier = async () => {
    setLoading(true);
    setError(null);
    try {
      const result = await loadShareActivityAction({ shareId: share.id, offset: events.length });
      if (!result.success) return setError(result.error || GENERIC_ERROR);
      setEarlier((shown) => [...shown, ...result.data.events]);
    } catch {
      setError(GENERIC_ERROR);
    } finally {
      setLoading(false);
    }
  };
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-muted">Activity ({share.eventCount})</summary>
      <ul className="mt-2 space-y-1" aria-label="Activity">
        {events.map((e, n) => (
          <li key={n}>
            {formatDateTime(e.at)}: {e.recipient} {e.kind === "view" ? `viewed ${e.item}, page ${e.page}` : `downloaded ${e.item}`}
          </li>
        ))}
      </ul>
      {events.length < share.eventCount ? (
        <Button variant="ghost" size="sm" className="mt-2" disabled={loading} onClick={() => void readEarlier()}>
          {loading ? "Loading..." : `Show earlier activity (${share.eventCount - events.length} more)`}
        </Button>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-2">
          {error}
        </Alert>
      ) : null}
    </details>
  );
}
