"use client";

import { useState } from "react";
import { decideBookingAction } from "@/features/bookings/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Textarea } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import type { BookingStatus } from "@/lib/domain/booking-status";

type Decision = "approve" | "decline" | "complete";
const DONE: Record<Decision, string> = { approve: "Booking approved", decline: "Booking declined", complete: "Booking marked completed" };

/** A booking's buttons on the admin list: what its status allows (docs/PRODUCT.md#admin-bookings). */
export function BookingActions({ bookingId, status, label }: { bookingId: string; status: BookingStatus; label: string }) {
  const { toast, show } = useToast();
  const { isBusy, running, run } = useChange<Decision>((message, tone) => show(message, tone === "error" ? 6000 : 4000, tone));
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

  const decide = (decision: Decision) => {
    setReasonError(null);
    run(decision, () => decideBookingAction(decision === "decline" ? { bookingId, decision, reason } : { bookingId, decision }), {
      done: () => {
        setDeclining(false);
        return DONE[decision];
      },
      refused: (refusal) => {
        if (decision !== "decline" || !refusal.fieldErrors?.reason) return false;
        setReasonError(refusal.fieldErrors.reason);
        return true;
      },
    });
  };

  const canApprove = status === "pending";
  const canDecline = status === "pending" || status === "approved";
  const canComplete = status === "approved" || status === "in_progress";
  if (!canApprove && !canDecline && !canComplete) return <span className="text-xs text-muted">No actions</span>;

  return (
    <div className="flex flex-wrap gap-1">
      {canApprove ? (
        <Button
          size="sm"
          onClick={() => decide("approve")}
          disabled={isBusy}
          aria-label={`${running === "approve" ? "Approving" : "Approve"} ${label}`}
        >
          {running === "approve" ? "Approving..." : "Approve"}
        </Button>
      ) : null}
      {canComplete ? (
        <Button size="sm" variant="secondary" onClick={() => decide("complete")} disabled={isBusy} aria-label={`Mark completed: ${label}`}>
          {running === "complete" ? "Saving..." : "Mark completed"}
        </Button>
      ) : null}
      {canDecline ? (
        <Button size="sm" variant="ghost" onClick={() => setDeclining(true)} disabled={isBusy} aria-label={`Decline ${label}`}>
          Decline
        </Button>
      ) : null}
      {declining ? (
        <Dialog open onOpenChange={(open) => (open ? null : setDeclining(false))} title="Decline booking" description={label}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void decide("decline");
            }}
            noValidate
            className="space-y-4"
          >
            <Alert tone="info">The client sees this reason in the portal&apos;s Book Service section.</Alert>
            <Field id={`decline-reason-${bookingId}`} label="Reason" error={reasonError ?? undefined}>
              <Textarea
                {...fieldAria(`decline-reason-${bookingId}`, reasonError ?? undefined)}
                rows={4}
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setDeclining(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isBusy}>
                {running === "decline" ? "Declining..." : "Decline booking"}
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
      <Toast toast={toast} />
    </div>
  );
}
