"use client";

import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

/** What each tracker's webhook form calls the two values, and where it is. */
const WORDS = {
  github: {
    where: "In the repository's Settings → Webhooks, add a webhook with these, for Issues events.",
    url: "Payload URL",
    secret: "Secret",
    hint: "Content type application/json. It will not be shown again.",
  },
  gitlab: {
    where: "In the project's Settings → Webhooks, add a webhook with these, with the Issues events trigger.",
    url: "URL",
    secret: "Secret token",
    hint: "It will not be shown again.",
  },
  jira: {
    where:
      "As a Jira administrator, in System → WebHooks, create a webhook with these, for Issue updated events (a JQL filter on the project keeps the others out). A Jira Data Center too old to sign with a secret cannot be proven: leave it without a webhook, and the tickets are looked at every 15 minutes instead.",
    url: "URL",
    secret: "Secret",
    hint: "It will not be shown again.",
  },
} as const;

/**
 * The webhook a new connection needs in its tracker (docs/PRODUCT.md#integrations): this site's
 * address for the connection, which the page knows, and the secret, shown this once.
 */
export function WebhookSettings({
  kind,
  connectionId,
  secret,
  onDone,
}: {
  kind: keyof typeof WORDS;
  connectionId: string;
  secret: string;
  onDone: () => void;
}) {
  const words = WORDS[kind];
  return (
    <div className="space-y-4">
      <Alert tone="success">Connected. {words.where}</Alert>
      <CopyField id="tracker-webhook-url" label={words.url} value={`${window.location.origin}/api/trackers/${kind}/${connectionId}`} />
      <CopyField id="tracker-webhook-secret" label={words.secret} hint={words.hint} value={secret} mono />
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

/** A value to paste into the tracker's form, with its own Copy button (the field stays selectable when the clipboard refuses). */
function CopyField({ id, label, hint, value, mono }: { id: string; label: string; hint?: string; value: string; mono?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard refused: the value stays selectable in the field.
      document.getElementById(id)?.focus();
    }
  };
  return (
    <Field id={id} label={label} hint={hint}>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} mono={mono} />
        <Button variant="secondary" onClick={copy} aria-label={`${copied ? "Copied" : "Copy"} ${label}`} className="shrink-0">
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </Field>
  );
}
