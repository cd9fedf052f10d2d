"use client";

import { Button } from "@/components/ui/button";
import { type Notify, useChange } from "@/components/ui/use-change";
import { Toast, useToast } from "@/components/ui/toast";
import { decideOverageAction } from "@/features/retainers/actions/portal";

/**
 * An owner approves or declines a waiting overage request (docs/PRODUCT.md#retainer-hours); once
 * decided, only the toast that says so.
 */
export function OverageDecision({ requestId, label, pending }: { requestId: string; label: string; pending: boolean }) {
  const { toast, show } = useToast();
  const notify: Notify = (message, tone) => show(message, tone === "error" ? 6000 : 3000, tone);
  const { busy, run } = useChange<"approve" | "decline">(notify);
  const decide = (decision: "approve" | "decline") =>
    run(decision, () => decideOverageAction({ requestId, decision }), {
      done: () => (decision === "approve" ? "Overage approved." : "Overage declined."),
    });
  if (!pending) return <Toast toast={toast} />;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <Toast toast={toast} />
      <Button size="sm" disabled={busy !== null} onClick={() => decide("approve")} aria-label={`Approve ${label}`}>
        {busy === "approve" ? "Approving..." : "Approve"}
      </Button>
      <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => decide("decline")} aria-label={`Decline ${label}`}>
        {busy === "decline" ? "Declining..." : "Decline"}
      </Button>
    </div>
  );
}
