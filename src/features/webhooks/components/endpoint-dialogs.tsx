"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import {
  WEBHOOK_ENDPOINT_KIND_LABELS,
  WEBHOOK_ENDPOINT_KINDS,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
} from "@/lib/domain/webhook";
import { createWebhookEndpointAction } from "@/features/webhooks/actions/portal";
import { type CreateWebhookEndpointInput } from "@/features/webhooks/validation";

// Adding a webhook endpoint (docs/PRODUCT.md#api-and-webhooks): its kind, address, description and
// events (each with a line saying when it is sent); a signed endpoint's secret shown once after.

export function AddEndpointDialog({ onClose, onSecret }: { onClose: () => void; onSecret: (secret: string) => void }) {
  const defaults: CreateWebhookEndpointInput = {
    kind: "standard",
    url: "",
    description: "",
    events: ["finding.published", "finding.status_changed"],
  };
  const form = useZodForm(() => import("@/features/webhooks/validation").then((m) => m.createWebhookEndpointSchema), defaults);
  const { errors } = form.formState;
  const { onSubmit, message, isBusy } = useFormSubmit(form, createWebhookEndpointAction, {
    done: (data) => {
      onClose();
      if (data.secret) onSecret(data.secret);
    },
  });
  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title="Add a webhook endpoint" width="lg">
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
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              // The whole line is the target, and the box itself 24 px (target-size).
              <label key={type} htmlFor={`webhook-event-${type}`} className="flex min-h-6 cursor-pointer items-start gap-2 text-sm">
                <input
                  id={`webhook-event-${type}`}
                  type="checkbox"
                  value={type}
                  aria-labelledby={`webhook-event-${type}-name`}
                  aria-describedby={`webhook-event-${type}-description`}
                  className="h-6 w-6 shrink-0 accent-sky-500"
                  {...form.register("events")}
                />
                <span className="min-w-0">
                  <span id={`webhook-event-${type}-name`} className="block font-mono text-xs break-all">
                    {type}
                  </span>
                  <span id={`webhook-event-${type}-description`} className="block text-xs text-muted">
                    {WEBHOOK_EVENT_DESCRIPTIONS[type]}
                  </span>
                </span>
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

export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title="Copy the signing secret"
      description="Your receiver checks each delivery's webhook-signature with it (Standard Webhooks). It is not shown again."
      width="md"
    >
      <Field id="webhook-secret" label="Signing secret">
        <Input id="webhook-secret" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} mono />
      </Field>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
