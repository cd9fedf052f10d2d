"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import type { TeamPerson } from "@/server/modules/clients";

/** Confirms an admin's reset of one person's two-factor (their authenticator lost); they are e-mailed. */
export function ResetTwoFactorDialog({
  person,
  reset,
  onClose,
  onReset,
}: {
  person: TeamPerson;
  reset: () => Promise<ChangeResult<unknown>>;
  onClose: () => void;
  onReset: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useChange((message, tone) => (tone === "error" ? setError(message) : undefined));
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={`Reset two-factor of ${person.name}?`}
      description="This turns off their two-factor sign-in, deletes their authenticator secret and backup codes, and signs them out everywhere. They are e-mailed."
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
            run("reset", reset, {
              done: () => {
                onReset();
                onClose();
              },
            });
          }}
        >
          {busy ? "Resetting..." : "Reset two-factor"}
        </Button>
      </div>
    </Dialog>
  );
}
