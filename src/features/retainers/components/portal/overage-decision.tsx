"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type Notify, useChange } from "@/components/ui/use-change";
import { Toast, useToast } from "@/components/ui/toast";
import { decideOverageAction } from "@/features/retainers/actions/portal";

/**
 * An owner approves or declines a waiting overage request (docs/PRODUCT.md#retainer-hours); once
 * decided, only the toast that says so. Approving bills money, so it asks first with the price. The
 * request's own heading takes the focus when its buttons go (the dialog's focus return).
 */
export function OverageDecision({
  requestId,
  label,
  price,
  pending,
}: {
  requestId: string;
  label: string;
  /** "3 h × $275 = $825, billed with October" */
  price: string;
  pending: boolean;
}) {
  const { toast, show } = useToast();
  const notify: Notify = (message, tone) => show(message, tone === "error" ? 6000 : 3000, tone);
  const { isBusy, running, run } = useChange<"decline">(notify);
  const [confirming, setConfirming] = useState(false);
  const decline = () => run("decline", () => decideOverageAction({ requestId, decision: "decline" }), { done: () => "Overage declined." });
  if (!pending) return <Toast toast={toast} />;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <Toast toast={toast} />
      <Button size="sm" disabled={isBusy} onClick={() => setConfirming(true)} aria-label={`Approve ${label}`}>
        Approve
      </Button>
      <Button size="sm" variant="secondary" disabled={isBusy} onClick={decline} aria-label={`Decline ${label}`}>
        {running === "decline" ? "Declining..." : "Decline"}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={`Approve ${label}?`}
          description={`${price}. The time then counts as overage on the retainer.`}
          confirmLabel="Approve overage"
          busyLabel="Approving..."
          send={() => decideOverageAction({ requestId, decision: "approve" })}
          onDone={() => notify("Overage approved.", "success")}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
