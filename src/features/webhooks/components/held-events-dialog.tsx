"use client";

import { Send, SkipForward } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useChange } from "@/components/ui/use-change";
import { formatDateTime } from "@/lib/format";
import { setWebhookEndpointEnabledAction } from "@/features/webhooks/actions/portal";
import type { HeldSummary, WebhookEndpointRow } from "@/features/webhooks/server";

// Turning on an endpoint that held events while it was off (docs/PRODUCT.md#api-and-webhooks): the
// owner delivers what was held or skips it; nothing goes out or is dropped without that choice.

/** "12 events from Nov 3, 2026, 10:02 AM UTC to Nov 4, 2026, 9:15 AM UTC were held while this endpoint was off." */
export function heldSentence(held: NonNullable<HeldSummary>): string {
  if (held.count === 1) return `1 event from ${formatDateTime(held.from)} was held while this endpoint was off.`;
  return `${held.count} events from ${formatDateTime(held.from)} to ${formatDateTime(held.to)} were held while this endpoint was off.`;
}

/** Asks what becomes of the held events, then turns the endpoint on; the outcome goes to `onDone`. */
export function HeldEventsDialog({
  endpoint,
  held,
  onClose,
  onDone,
}: {
  endpoint: WebhookEndpointRow;
  held: NonNullable<HeldSummary>;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const { isBusy, running, run } = useChange((message, tone) => (tone === "error" ? setError(message) : undefined));
  const them = held.count === 1 ? "it" : "them";
  const choose = (choice: "deliver" | "skip") => {
    setError(null);
    run(choice, () => setWebhookEndpointEnabledAction({ endpointId: endpoint.id, enabled: true, held: choice }), {
      done: (result) => {
        const count = result.held?.count ?? 0;
        const events = count === 1 ? "1 held event is" : `${count} held events are`;
        onDone(
          count === 0
            ? "Endpoint turned on."
            : choice === "deliver"
              ? `Endpoint turned on: ${events} sent within a minute.`
              : `Endpoint turned on: ${events} skipped. The delivery log lists ${count === 1 ? "it" : "them"} as Skipped; Redeliver still sends one.`,
        );
        onClose();
      },
    });
  };
  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title="Turn this endpoint on" description={endpoint.url} width="md">
      <p className="text-sm">{heldSentence(held)}</p>
      <p className="mt-2 text-sm text-muted">
        Deliver {them} now, each with its own webhook-id, or skip {them}: skipped events are not sent, and stay in the delivery log.
      </p>
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={() => choose("skip")} disabled={isBusy}>
          <SkipForward className="h-4 w-4" aria-hidden /> {running === "skip" ? "Turning on..." : `Skip ${them}`}
        </Button>
        <Button onClick={() => choose("deliver")} disabled={isBusy}>
          <Send className="h-4 w-4" aria-hidden /> {running === "deliver" ? "Turning on..." : `Deliver ${them}`}
        </Button>
      </div>
    </Dialog>
  );
}
