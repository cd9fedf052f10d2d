"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDateTime } from "@/lib/format";
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_ENDPOINT_KIND_LABELS,
  WEBHOOK_ENDPOINT_STATE_LABELS,
  WEBHOOK_ENDPOINT_STATE_TONES,
} from "@/lib/domain/webhook";
import { disableWebhookEndpointAsFirmAction } from "@/features/webhooks/actions/admin";
import type { WebhookEndpointRow } from "@/features/webhooks/server";

/**
 * A company's webhook endpoints on the firm's client page (docs/PRODUCT.md#api-and-webhooks): read
 * only (kind, address, state, last delivery), with an emergency Turn off, audited and mailed to the owners.
 */
export function ClientWebhooksCard({ company, endpoints }: { company: string; endpoints: WebhookEndpointRow[] }) {
  const [stopping, setStopping] = useState<WebhookEndpointRow | null>(null);
  return (
    <Card role="region" aria-labelledby="client-webhooks-heading">
      <h2 id="client-webhooks-heading" className="text-lg font-semibold">
        Webhooks
      </h2>
      {endpoints.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{company} has no webhook endpoint.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-800 text-sm" aria-label={`Webhook endpoints of ${company}`}>
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-start justify-between gap-3 py-2">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  {endpoint.demo === "absent" ? null : (
                    <StatusBadge
                      value={endpoint.state}
                      label={WEBHOOK_ENDPOINT_STATE_LABELS[endpoint.state]}
                      tone={WEBHOOK_ENDPOINT_STATE_TONES[endpoint.state]}
                    />
                  )}
                  <DemoServiceBadge mark={endpoint.demo} />
                  <span>{WEBHOOK_ENDPOINT_KIND_LABELS[endpoint.kind]}</span>
                  <span className="font-mono text-xs break-all">{endpoint.url}</span>
                </p>
                <p className="text-muted">
                  {endpoint.lastDelivery?.at
                    ? `Last delivery ${formatDateTime(endpoint.lastDelivery.at)}: ${WEBHOOK_DELIVERY_STATUS_LABELS[endpoint.lastDelivery.status]}`
                    : "Nothing delivered yet"}
                  {endpoint.held ? ` · ${endpoint.held.count} held while off, for an owner to deliver or skip` : ""}
                </p>
              </div>
              {endpoint.state !== "disabled" ? (
                <Button variant="danger" size="sm" onClick={() => setStopping(endpoint)} aria-label={`Turn off ${endpoint.url}`}>
                  Turn off
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {stopping ? (
        <ConfirmDialog
          title="Turn off this webhook endpoint?"
          description={`Nothing more is sent to ${stopping.url} until an owner of ${company} turns it on again; events meanwhile are held for them to deliver or skip. The owners are mailed that our team turned it off.`}
          confirmLabel="Turn off endpoint"
          busyLabel="Turning off..."
          send={() => disableWebhookEndpointAsFirmAction({ endpointId: stopping.id })}
          onClose={() => setStopping(null)}
          onDone={() => setStopping(null)}
        />
      ) : null}
    </Card>
  );
}
