"use client";

import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ReadStatus } from "@/components/ui/read-status";
import { StatusBadge } from "@/components/ui/status-badge";
import { useChange } from "@/components/ui/use-change";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { formatDateTime } from "@/lib/format";
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_DELIVERY_STATUS_TONES } from "@/lib/domain/webhook";
import { listWebhookDeliveriesAction, redeliverWebhookAction } from "@/features/webhooks/actions/portal";
import type { WebhookEndpointRow } from "@/features/webhooks/server";

// An endpoint's delivery log (docs/PRODUCT.md#api-and-webhooks): each delivery's status (held and
// skipped ones too) and attempts, with Redeliver.

type Message = { tone: "success" | "error"; text: string } | null;
const REREAD_EVERY_MS = 5_000;
const MAX_REREADS = 18;

export function DeliveryLogDialog({
  endpoint,
  readOnly,
  onClose,
}: {
  endpoint: WebhookEndpointRow;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { data, error, reload } = useReadOnShow(
    endpoint.id,
    () => listWebhookDeliveriesAction({ endpointId: endpoint.id }),
    "The delivery log could not be loaded. Please try again.",
  );
  const [message, setMessage] = useState<Message>(null);
  const { isBusy, run } = useChange((text, tone) => setMessage({ text, tone }));
  // After Redeliver the log reads itself again until that delivery is no longer waiting (the
  // worker sends within a minute), so its new attempt shows without closing the dialog.
  const [watching, setWatching] = useState<string | null>(null);
  const waiting = watching !== null && data?.find((d) => d.id === watching)?.status === "pending";
  useEffect(() => {
    if (!waiting) return;
    let count = 0;
    const timer = setInterval(() => {
      count += 1;
      if (count > MAX_REREADS) clearInterval(timer);
      else void reload();
    }, REREAD_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, reload]);
  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title="Delivery log" description={endpoint.url} width="2xl">
      {message ? (
        <Alert tone={message.tone} className="mb-3">
          {message.text}
        </Alert>
      ) : null}
      <ReadStatus error={error} loading={data === null} loadingText="Loading deliveries..." />
      {data && data.length === 0 ? <p className="text-sm text-muted">Nothing was sent to this endpoint yet.</p> : null}
      {data && data.length > 0 ? (
        <ul className="max-h-[60vh] divide-y divide-slate-800 overflow-y-auto" aria-label="Deliveries">
          {data.map((delivery) => (
            <li key={delivery.id} className="space-y-1 py-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge
                  value={delivery.status}
                  label={WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
                  tone={WEBHOOK_DELIVERY_STATUS_TONES[delivery.status]}
                />
                <span className="font-mono text-xs">{delivery.type}</span>
                <span className="font-mono text-xs text-muted">{delivery.eventId}</span>
                {readOnly ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={isBusy}
                    aria-label={`Redeliver ${delivery.eventId}`}
                    onClick={() =>
                      run("redeliver", () => redeliverWebhookAction({ deliveryId: delivery.id }), {
                        refresh: false,
                        done: () => {
                          void reload();
                          setWatching(delivery.id);
                          return "Queued again: it is sent within a minute, with the same webhook-id. This log shows its attempt when it is made.";
                        },
                      })
                    }
                  >
                    Redeliver
                  </Button>
                )}
              </div>
              <ol className="space-y-0.5 text-muted">
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.at}>
                    {formatDateTime(attempt.at)}: {attempt.statusCode ? `HTTP ${attempt.statusCode}` : attempt.error} ({attempt.durationMs}{" "}
                    ms)
                  </li>
                ))}
                {delivery.attempts.length === 0 ? <li>Waiting for its first attempt.</li> : null}
              </ol>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}
