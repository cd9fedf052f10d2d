"use client";

import { Webhook } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { ReadStatus } from "@/components/ui/read-status";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { useZodForm } from "@/components/ui/use-zod-form";
import { formatDateTime } from "@/lib/format";
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DELIVERY_STATUS_TONES,
  WEBHOOK_ENDPOINT_KIND_LABELS,
  WEBHOOK_ENDPOINT_KINDS,
  WEBHOOK_ENDPOINT_STATE_LABELS,
  WEBHOOK_ENDPOINT_STATE_TONES,
  WEBHOOK_EVENT_TYPES,
} from "@/lib/domain/webhook";
import {
  createWebhookEndpointAction,
  deleteWebhookEndpointAction,
  listWebhookDeliveriesAction,
  redeliverWebhookAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  setWebhookEndpointEnabledAction,
} from "@/features/webhooks/actions/portal";
import { type CreateWebhookEndpointInput, createWebhookEndpointSchema } from "@/features/webhooks/validation";
import type { WebhookEndpointRow } from "@/features/webhooks/server";

type Message = { tone: "success" | "error"; text: string } | null;

/**
 * The company's webhook endpoints (docs/PRODUCT.md#api-and-webhooks): owners only. Each endpoint's
 * state and last delivery; adding one (a signed endpoint's secret shown once), a test event, the
 * delivery log with Redeliver, a new secret, turning it off or on, removing it.
 */
export function WebhooksCard({ endpoints, readOnly }: { endpoints: WebhookEndpointRow[]; readOnly: boolean }) {
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointRow | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointRow | null>(null);
  const { isBusy, running, run } = useChange((text, tone) => setMessage({ text, tone }));
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
      {message ? (
        <Alert tone={message.tone} className="mt-3">
          {message.text}
        </Alert>
      ) : null}
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
                        run(`enable:${endpoint.id}`, () =>
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
            </li>
          ))}
        </ul>
      )}
      {adding ? <AddEndpointDialog onClose={() => setAdding(false)} onSecret={setSecret} /> : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
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

function AddEndpointDialog({ onClose, onSecret }: { onClose: () => void; onSecret: (secret: string) => void }) {
  const defaults: CreateWebhookEndpointInput = {
    kind: "standard",
    url: "",
    description: "",
    events: ["finding.published", "finding.status_changed"],
  };
  const form = useZodForm(createWebhookEndpointSchema, defaults);
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, createWebhookEndpointAction, {
    done: (data) => {
      onClose();
      if (data.secret) onSecret(data.secret);
    },
  });
  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title="Add a webhook endpoint" className="max-w-lg">
      <form onSubmit={onSubmit} noValidate aria-label="Add a webhook endpoint" className="space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <Field id="webhook-kind" label="Kind" error={errors.kind?.message}>
          <Select {...fieldAria("webhook-kind", errors.kind?.message)} {...form.register("kind")}>
            {WEBHOOK_ENDPOINT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {WEBHOOK_ENDPOINT_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="webhook-url"
          label="Address"
          error={errors.url?.message}
          hint="Your receiver's https address, or the channel's incoming-webhook address from Slack or Teams."
        >
          <Input {...fieldAria("webhook-url", errors.url?.message)} type="url" autoComplete="off" {...form.register("url")} />
        </Field>
        <Field id="webhook-description" label="Description (optional)" error={errors.description?.message}>
          <Input {...fieldAria("webhook-description", errors.description?.message)} autoComplete="off" {...form.register("description")} />
        </Field>
        <fieldset aria-describedby={errors.events?.message ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium text-slate-200">Events</legend>
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={type} {...form.register("events")} />
                <span className="font-mono text-xs">{type}</span>
              </label>
            ))}
          </div>
          {errors.events?.message ? (
            <p id="webhook-events-error" role="alert" className="mt-1 text-sm text-danger">
              {errors.events.message}
            </p>
          ) : null}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Adding..." : "Add endpoint"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title="Copy the signing secret"
      description="Your receiver checks each delivery's webhook-signature with it (Standard Webhooks). It is not shown again."
      className="max-w-md"
    >
      <Field id="webhook-secret" label="Signing secret">
        <Input id="webhook-secret" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
      </Field>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}

function DeliveryLogDialog({ endpoint, readOnly, onClose }: { endpoint: WebhookEndpointRow; readOnly: boolean; onClose: () => void }) {
  const { data, error, reload } = useReadOnShow(
    endpoint.id,
    () => listWebhookDeliveriesAction({ endpointId: endpoint.id }),
    "The delivery log could not be loaded. Please try again.",
  );
  const [message, setMessage] = useState<Message>(null);
  const { isBusy, run } = useChange((text, tone) => setMessage({ text, tone }));
  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title="Delivery log" description={endpoint.url} className="max-w-2xl">
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
                          return "Queued again: it is sent within a minute, with the same webhook-id.";
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
