"use client";

import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { type ChangeResult, useChange } from "@/components/ui/use-change";

/**
 * Asks before one destructive change. A refusal stays in the dialog (the person may try again or
 * cancel), so only a success reaches the screen behind it (`onDone`, then `onClose`). Render it
 * only while it is asked: it is open from mount to close.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  send,
  onClose,
  onDone,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  send: () => Promise<ChangeResult<unknown>>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const { isBusy, run } = useChange((message, tone) => (tone === "error" ? setError(message) : undefined));
  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title={title} description={description} width="md">
      {error ? (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={isBusy}
          onClick={() => {
            setError(null);
            run("confirm", send, {
              done: () => {
                onDone();
                onClose();
              },
            });
          }}
        >
          {isBusy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
