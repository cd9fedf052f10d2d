"use client";

import { Webhook } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { OutcomeMessage, outcomeKindOf } from "@/components/ui/outcome-message";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { useChange } from "@/components/ui/use-change";
import { formatDateTime } from "@/lib/format";
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_ENDPOINT_KIND_LABELS,
  WEBHOOK_ENDPOINT_STATE_LABELS,
  WEBHOOK_ENDPOINT_STATE_TONES,
} from "@/lib/domain/webhook";
import {
  deleteWebhookEndpointAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  setWebhookEndpointEnabledAction,
} from "@/features/webhooks/actions/portal";
import type { WebhookEndpointRow } from "@/features/webhooks/server";
import { DeliveryLogDialog } from "./delivery-log-dialog";
import { AddEndpointDialog, SecretDialog } from "./endpoint-dialogs";
import { heldSentence, HeldEventsDialog } from "./held-events-dialog";

/** The card's one message: `about` names the endpoint whose button was pressed, shown in its row (and gone with it). */
type Message = { tone: "success" | "error"; text: string; about?: string } | null;

/**
 * The company's webhook endpoints (docs/PRODUCT.md#api-and-webhooks): owners only. Each endpoint's
 * state and last delivery; adding one (a signed endpoint's secret shown once), a test event, the
 * delivery log with Redeliver, a new secret, turning it off or on (then delivering or skipping
 * what was held while it was off), removing it.
 */
export function WebhooksCard({ endpoints, readOnly }: { endpoints: WebhookEndpointRow[]; readOnly: boolean }) {
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointRow | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointRow | null>(null);
  const [turningOn, setTurningOn] = useState<WebhookEndpointRow | null>(null);
  const { isBusy, running, run } = useChange((text, tone, key) => setMessage({ text, tone, about: key?.split(":")[1] }));
  const shown = (about?: string) =>
    message && message.about === about ? (
      <OutcomeMessage kind={outcomeKindOf(message.tone)} className={about ? undefined : "mt-3"}>
        {message.text}
      </OutcomeMessage>
    ) : null;
  return (
    <Card className="max-w-2xl" role="region" aria-labelledby="webhooks-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="webhooks-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Webhook className="h-5 w-5 text-accent" aria-hidden /> Webhooks
          </h2>
          <p className="mt-1 text-sm text-muted">
            Tell your systems, Slack or Microsoft Teams when something happens. Signed webhooks carry ids only: read the rest through the
            API.
          </p>
        </div>
        {readOnly ? null : (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            Add endpoint
          </Button>
        )}
      </div>
      {shown()}
      {endpoints.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No webhook endpoint yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800" aria-label="Webhook endpoints">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="space-y-2 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge value={endpoint.kind} label={WEBHOOK_ENDPOINT_KIND_LABELS[endpoint.kind]} tone="slate" />
                {endpoint.demo === "absent" ? null : (
                  <StatusBadge
                    value={endpoint.state}
                    label={WEBHOOK_ENDPOINT_STATE_LABELS[endpoint.state]}
                    tone={WEBHOOK_ENDPOINT_STATE_TONES[endpoint.state]}
                  />
                )}
                <DemoServiceBadge mark={endpoint.demo} />
                <span className="min-w-0 font-mono text-xs break-all">{endpoint.url}</span>
              </div>
              {endpoint.description ? <p className="text-muted">{endpoint.description}</p> : null}
              <p className="text-muted">{endpoint.events.join(", ")}</p>
              <p className="text-muted">
                {endpoint.lastDelivery?.at
                  ? `Last delivery ${formatDateTime(endpoint.lastDelivery.at)}: ${WEBHOOK_DELIVERY_STATUS_LABELS[endpoint.lastDelivery.status]}${
                      endpoint.lastDelivery.statusCode ? ` (HTTP ${endpoint.lastDelivery.statusCode})` : ""
                    }`
                  : "Nothing delivered yet"}
                {endpoint.disabledReason ? ` · ${endpoint.disabledReason}` : ""}
              </p>
              {endpoint.held ? <p className="text-sky-300">{heldSentence(endpoint.held)}</p> : null}
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => setLogOf(endpoint)} aria-label={`Delivery log of ${endpoint.url}`}>
                  Delivery log
                </Button>
                {readOnly ? null : (
                  <>
                    {endpoint.state !== "disabled" ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={isBusy}
                        aria-label={`Send test event to ${endpoint.url}`}
                        onClick={() =>
                          run(`test:${endpoint.id}`, () => sendTestWebhookAction({ endpointId: endpoint.id }), {
                            done: () => "Test event queued: it is sent within a minute. Its result shows in the delivery log.",
                          })
                        }
                      >
                        {running === `test:${endpoint.id}` ? "Sending..." : "Send test event"}
                      </Button>
                    ) : null}
                    {endpoint.kind === "standard" ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={isBusy}
                        aria-label={`New secret for ${endpoint.url}`}
                        onClick={() =>
                          run(`rotate:${endpoint.id}`, () => rotateWebhookSecretAction({ endpointId: endpoint.id }), {
                            done: (data) => {
                              setSecret(data.secret);
                              return "New secret made: the old one signs too for 24 hours.";
                            },
                          })
                        }
                      >
                        New secret
                      </Button>
                    ) : null}
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={isBusy}
                      aria-label={`${endpoint.state === "disabled" ? "Turn on" : "Turn off"} ${endpoint.url}`}
                      onClick={() =>
                        endpoint.state === "disabled" && endpoint.held
                          ? setTurningOn(endpoint)
                          : run(`enable:${endpoint.id}`, () =>
                              setWebhookEndpointEnabledAction({ endpointId: endpoint.id, enabled: endpoint.state === "disabled" }),
                            )
                      }
                    >
                      {endpoint.state === "disabled" ? "Turn on" : "Turn off"}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setRemoving(endpoint)} aria-label={`Remove ${endpoint.url}`}>
                      Remove
                    </Button>
                  </>
                )}
              </div>
              {shown(endpoint.id)}
            </li>
          ))}
        </ul>
      )}
      {adding ? <AddEndpointDialog onClose={() => setAdding(false)} onSecret={setSecret} /> : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
      {turningOn?.held ? (
        <HeldEventsDialog
          endpoint={turningOn}
          held={turningOn.held}
          onClose={() => setTurningOn(null)}
          onDone={(text) => setMessage({ text, tone: "success" })}
        />
      ) : null}
      {logOf ? <DeliveryLogDialog endpoint={logOf} readOnly={readOnly} onClose={() => setLogOf(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title="Remove this webhook endpoint?"
          description={`Nothing more is sent to ${removing.url}, and its delivery log is removed.`}
          confirmLabel="Remove endpoint"
          busyLabel="Removing..."
          send={() => deleteWebhookEndpointAction({ endpointId: removing.id })}
          onClose={() => setRemoving(null)}
          onDone={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
}
