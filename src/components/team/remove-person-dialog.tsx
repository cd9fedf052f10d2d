"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import type { TeamPerson } from "@/server/modules/clients";

/** Confirms removing a person: they are signed out at once and cannot sign in again; what they wrote keeps their name. */
export function RemovePersonDialog({
  person,
  remove,
  onClose,
  onRemoved,
}: {
  person: TeamPerson;
  remove: () => Promise<ChangeResult<unknown>>;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useChange((message, tone) => (tone === "error" ? setError(message) : undefined));
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={`Remove ${person.name}?`}
      description="They are signed out at once and can no longer sign in. Their messages and the history keep their name."
      className="max-w-md"
    >
      {error ? (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy !== null}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={busy !== null}
          onClick={() => {
            setError(null);
            run("remove", remove, {
              done: () => {
                onRemoved();
                onClose();
              },
            });
          }}
        >
          {busy ? "Removing..." : "Remove"}
        </Button>
      </div>
    </Dialog>
  );
}
