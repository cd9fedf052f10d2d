"use client";

import { useState } from "react";
import { decideSubscriptionAction } from "@/features/subscriptions/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Textarea } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";

type Decision = "confirm" | "decline" | "cancel";
const DONE: Record<Decision, string> = {
  confirm: "Subscription confirmed",
  decline: "Request declined",
  cancel: "Subscription cancelled",
};

/** A subscription's buttons (docs/PRODUCT.md#admin-subscriptions): what its status allows; Square's own change in Square. */
export function SubscriptionActions({
  subscriptionId,
  status,
  inSquare,
  label,
}: {
  subscriptionId: string;
  status: SubscriptionStatus;
  inSquare: boolean;
  label: string;
}) {
  const { toast, show } = useToast();
  const { isBusy, running, run } = useChange<Decision>((message, tone) => show(message, tone === "error" ? 6000 : 4000, tone));
  const [asking, setAsking] = useState<"decline" | "cancel" | null>(null);
  const [reason, setReason] = useState("");

  const decide = (decision: Decision) =>
    run(decision, () => decideSubscriptionAction({ subscriptionId, decision, reason: decision === "confirm" ? null : reason }), {
      done: () => {
        setAsking(null);
        return DONE[decision];
      },
    });

  if (inSquare || (status !== "pending" && status !== "active")) return null;
  const reasonId = `subscription-reason-${subscriptionId}`;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {status === "pending" ? (
        <>
          <Button size="sm" onClick={() => decide("confirm")} disabled={isBusy} aria-label={`Confirm ${label}`}>
            {running === "confirm" ? "Confirming..." : "Confirm"}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setAsking("decline")} disabled={isBusy} aria-label={`Decline ${label}`}>
            Decline
          </Button>
        </>
      ) : (
        <Button size="sm" variant="ghost" onClick={() => setAsking("cancel")} disabled={isBusy} aria-label={`Cancel ${label}`}>
          Cancel
        </Button>
      )}
      {asking ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? null : setAsking(null))}
          title={asking === "decline" ? "Decline plan request" : "Cancel subscription"}
          description={label}
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              decide(asking);
            }}
            noValidate
            className="space-y-4"
          >
            <Alert tone="info">The client sees this reason in the portal&apos;s Book Service section.</Alert>
            <Field id={reasonId} label="Reason (optional)">
              <Textarea {...fieldAria(reasonId)} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setAsking(null)}>
                Back
              </Button>
              <Button type="submit" disabled={isBusy}>
                {running === asking
                  ? asking === "decline"
                    ? "Declining..."
                    : "Cancelling..."
                  : asking === "decline"
                    ? "Decline request"
                    : "Cancel subscription"}
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
      <Toast toast={toast} />
    </div>
  );
}
