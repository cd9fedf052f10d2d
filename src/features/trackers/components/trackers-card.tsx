"use client";

import { Check, Copy, GitBranch } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { TRACKER_KIND_LABELS, TRACKER_STATE_LABELS, TRACKER_STATE_TONES } from "@/lib/domain/tracker";
import { useStepUp } from "@/features/account/components/use-step-up";
import { connectGitHubAction, removeTrackerConnectionAction, testTrackerConnectionAction } from "@/features/trackers/actions/portal";
import type { TrackerConnectionRow } from "@/features/trackers/server";
import { type ConnectGitHubInput, connectGitHubSchema } from "@/features/trackers/validation";

type Message = { text: string; tone: "success" | "error" } | null;

/** Where GitHub posts a connection's webhook: this site's address, which the page knows. */
const hookAddress = (connectionId: string) => `${window.location.origin}/api/trackers/github/${connectionId}`;

/**
 * The company's ticket systems (docs/PRODUCT.md#integrations): owners only. Each connection's
 * repository, state (with the tracker's own words when it refuses) and last sync; connecting
 * GitHub after a fresh proof (the webhook's address and secret shown once); testing; removing.
 */
export function TrackersCard({ connections, readOnly }: { connections: TrackerConnectionRow[]; readOnly: boolean }) {
  const [connecting, setConnecting] = useState(false);
  const [removing, setRemoving] = useState<TrackerConnectionRow | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const { isBusy, running, run } = useChange((text, tone) => setMessage({ text, tone }));
  return (
    <Card className="max-w-2xl" role="region" aria-labelledby="trackers-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="trackers-heading" className="flex items-center gap-2 text-lg font-semibold">
            <GitBranch className="h-5 w-5 text-accent" aria-hidden /> Integrations
          </h2>
          <p className="mt-1 text-sm text-muted">
            File findings as tickets in your own GitHub repository; a ticket closed there asks us for a retest.
          </p>
        </div>
        {readOnly ? null : (
          <Button variant="secondary" size="sm" onClick={() => setConnecting(true)}>
            Connect GitHub
          </Button>
        )}
      </div>
      {message ? (
        <Alert tone={message.tone} className="mt-4">
          {message.text}
        </Alert>
      ) : null}
      {connections.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No ticket system connected yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800" aria-label="Connections">
          {connections.map((connection) => (
            <li key={connection.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
              <div className="min-w-0 space-y-1">
                <p className="font-medium break-words">
                  {TRACKER_KIND_LABELS[connection.kind]} · <span className="font-mono">{connection.target}</span>{" "}
                  <StatusBadge
                    value={connection.state}
                    label={TRACKER_STATE_LABELS[connection.state]}
                    tone={TRACKER_STATE_TONES[connection.state]}
                  />
                </p>
                {connection.stateMessage ? <p className="text-amber-300 break-words">{connection.stateMessage}</p> : null}
                <p className="text-muted">
                  Connected by {connection.createdByName}
                  {connection.lastSyncAt ? (
                    <>
                      {" "}
                      · last sync <RelativeTime value={connection.lastSyncAt} />
                    </>
                  ) : null}
                </p>
              </div>
              {readOnly ? null : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={isBusy}
                    aria-label={`Test connection to ${connection.target}`}
                    onClick={() =>
                      run(`test:${connection.id}`, () => testTrackerConnectionAction({ connectionId: connection.id }), {
                        done: (result) =>
                          result.state === "connected"
                            ? `${connection.target}: connected.`
                            : `${connection.target}: ${result.message ?? "failing"}`,
                      })
                    }
                  >
                    {running === `test:${connection.id}` ? "Testing..." : "Test connection"}
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`Remove ${connection.target}`} onClick={() => setRemoving(connection)}>
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {connecting ? <ConnectGitHubDialog onClose={() => setConnecting(false)} /> : null}
      {removing ? (
        <ConfirmDialog
          title="Remove this connection?"
          description={`Findings are no longer filed in ${removing.target}; its tickets stay there.`}
          confirmLabel="Remove connection"
          busyLabel="Removing..."
          send={() => removeTrackerConnectionAction({ connectionId: removing.id })}
          onClose={() => setRemoving(null)}
          onDone={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
}

function ConnectGitHubDialog({ onClose }: { onClose: () => void }) {
  const defaults: ConnectGitHubInput = { repository: "", token: "", baseUrl: "" };
  const form = useZodForm(connectGitHubSchema, defaults);
  const { errors } = form.formState;
  const [made, setMade] = useState<{ id: string; webhookSecret: string } | null>(null);
  const stepUp = useStepUp("Connecting a ticket system needs a fresh proof that it is you.");
  const { onSubmit, message, isBusy } = useFormSubmit(form, connectGitHubAction, {
    done: (data) => setMade(data),
    refused: (refusal) => stepUp.ask(refusal, () => void onSubmit()),
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={made ? "Add the webhook in GitHub" : "Connect GitHub"}
      description={
        made
          ? "So that a ticket closed in GitHub reaches us: this secret is shown once."
          : "A fine-grained token with read and write access to the repository's issues."
      }
      className="max-w-md"
    >
      {made ? (
        <WebhookSettings connectionId={made.id} secret={made.webhookSecret} onDone={onClose} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Connect GitHub" className="space-y-4">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <Field id="tracker-repository" label="Repository" error={errors.repository?.message} hint="owner/name, such as acme/platform">
            <Input {...fieldAria("tracker-repository", errors.repository?.message)} autoComplete="off" {...form.register("repository")} />
          </Field>
          <Field id="tracker-token" label="Token" error={errors.token?.message} hint="It is kept encrypted and never shown again.">
            <Input {...fieldAria("tracker-token", errors.token?.message)} type="password" autoComplete="off" {...form.register("token")} />
          </Field>
          <Field
            id="tracker-base-url"
            label="GitHub Enterprise API address (optional)"
            error={errors.baseUrl?.message}
            hint="Leave empty for github.com."
          >
            <Input
              {...fieldAria("tracker-base-url", errors.baseUrl?.message)}
              type="url"
              autoComplete="off"
              {...form.register("baseUrl")}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? "Connecting..." : "Connect"}
            </Button>
          </div>
        </form>
      )}
      {stepUp.dialog}
    </Dialog>
  );
}

function WebhookSettings({ connectionId, secret, onDone }: { connectionId: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Clipboard refused: the secret stays selectable in the field.
      document.getElementById("tracker-webhook-secret")?.focus();
    }
  };
  return (
    <div className="space-y-4">
      <Alert tone="success">Connected. In the repository&apos;s Settings → Webhooks, add a webhook with these, for Issues events.</Alert>
      <Field id="tracker-webhook-url" label="Payload URL">
        <Input id="tracker-webhook-url" readOnly value={hookAddress(connectionId)} onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <Field id="tracker-webhook-secret" label="Secret" hint="Content type application/json. It will not be shown again.">
        <Input
          id="tracker-webhook-secret"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={copy}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? "Copied" : "Copy secret"}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
