"use client";

import { type ReactNode, useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, type DialogWidth } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/spinner";
import type { Notify } from "@/components/ui/use-change";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { apiFetch } from "@/lib/api-client";

/** What a row dialog's body gets: where its changes say how they went, and the read again after one. */
export type RowDialogTools = { notify: Notify; clear: () => void; reload: () => void; failed: boolean };

/**
 * The dialog a row of the admin projects table opens from its menu (an engagement's reports,
 * attestation letters, authorization; opened by RowDialogButton on the client page): its read route
 * loaded when shown and again after each change (`reload`), one message line above the body for the
 * changes' outcomes and a failed read, and the body drawn from what was read. With `loadingLabel` the
 * body waits for the read; without, it is drawn at once with `null` until the read is in.
 */
export function RowDialog<T>({
  title,
  url,
  pick,
  loadFailed,
  loadingLabel,
  width,
  onClose,
  children,
}: {
  title: string;
  /** The read route, e.g. `/api/admin/reports?projectId=…`: a new address reads again. */
  url: string;
  /** What the body needs from the route's answer. */
  pick: (body: never) => T;
  /** The message of a failed read, e.g. "The reports could not be loaded." */
  loadFailed: string;
  loadingLabel?: string;
  width?: DialogWidth;
  onClose: () => void;
  children: (data: T | null, tools: RowDialogTools) => ReactNode;
}) {
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  const notify: Notify = useCallback((text, tone) => setMessage({ text, tone }), []);
  const clear = useCallback(() => setMessage(null), []);
  const { data, error, reload } = useReadOnShow(
    url,
    async () => {
      try {
        return { success: true, data: pick((await apiFetch(url, { cache: "no-store" })) as never) };
      } catch (failure) {
        setMessage({ text: loadFailed, tone: "error" });
        throw failure;
      }
    },
    loadFailed,
  );
  const again = useCallback(() => void reload(), [reload]);
  const failed = error !== null;
  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title={title} width={width}>
      {message ? (
        <Alert tone={message.tone} className="mb-3">
          {message.text}
        </Alert>
      ) : null}
      {loadingLabel && data === null ? (
        failed ? null : (
          <Loading label={loadingLabel} />
        )
      ) : (
        children(data, { notify, clear, reload: again, failed })
      )}
    </Dialog>
  );
}
