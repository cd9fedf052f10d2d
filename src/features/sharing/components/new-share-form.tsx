"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { GENERIC_ERROR } from "@/lib/messages";
import {
  SHARE_EXPIRY_DAYS,
  SHARE_ITEM_KIND_GROUP_LABELS,
  SHARE_ITEM_KINDS,
  SHARE_MODE_LABELS,
  SHARE_MODES,
  SHARE_NDA_KIND_LABELS,
  SHARE_NDA_KINDS,
  type ShareMode,
  type ShareNdaKind,
} from "@/lib/domain/share";
import { useStepUp } from "@/features/identity/components/use-step-up";
import { createShareAction } from "@/features/sharing/actions/portal";
import type { ShareableItem } from "@/features/sharing/server";

/** "Name <e-mail>" or an address alone, one a line or separated by commas. */
function parseRecipients(text: string): { email: string; name?: string }[] {
  return text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const named = /^(.*)<([^>]+)>$/.exec(line);
      return named ? { email: named[2]!.trim(), name: named[1]!.trim() || undefined } : { email: line };
    });
}

/**
 * A new share (docs/PRODUCT.md#sharing-with-third-parties): items, recipients, message, expiry, view or
 * download, NDA. Sending asks for the owner's step-up when the session's proof is not fresh.
 */
export function NewShareForm({ shareable, onDone }: { shareable: ShareableItem[]; onDone: () => void }) {
  const router = useRouter();
  const [chosen, setChosen] = useState<string[]>(shareable.slice(0, 1).map((i) => `${i.kind}:${i.id}`));
  const [recipients, setRecipients] = useState("");
  const [message, setMessage] = useState("");
  const [expiryDays, setExpiryDays] = useState(String(SHARE_EXPIRY_DAYS.default));
  const [mode, setMode] = useState<ShareMode>("download");
  const [ndaKind, setNdaKind] = useState<ShareNdaKind>("standard");
  const [ndaText, setNdaText] = useState("");
  const [error, setError] = useState<{ text: string; fields?: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const stepUp = useStepUp("Sharing documents needs a fresh proof that it is you.");

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const result = await createShareAction({
        items: chosen.map((key) => {
          const [kind, id] = key.split(":") as [ShareableItem["kind"], string];
          return { kind, id };
        }),
        recipients: parseRecipients(recipients),
        message: message || undefined,
        expiryDays: Number(expiryDays),
        mode,
        ndaKind,
        ndaText: ndaKind === "own" ? ndaText : undefined,
      });
      if (result.success) {
        onDone();
        router.refresh();
      } else if (!stepUp.ask(result, () => void send())) setError({ text: result.error || GENERIC_ERROR, fields: result.fieldErrors });
    } catch {
      setError({ text: GENERIC_ERROR });
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (name: string) =>
    error?.fields?.[name] ?? Object.entries(error?.fields ?? {}).find(([key]) => key.startsWith(`${name}.`))?.[1];
  return (
    <form
      aria-label="New share"
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {error ? <Alert tone="error">{error.text}</Alert> : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-200">Documents</legend>
        {shareable.length === 0 ? (
          <p className="mt-1 text-sm text-muted">Nothing can be shared yet: no current report, letter, evidence pack or retest summary.</p>
        ) : null}
        {SHARE_ITEM_KINDS.map((kind) => {
          const items = shareable.filter((item) => item.kind === kind);
          if (items.length === 0) return null;
          const heading = `share-kind-${kind}`;
          return (
            <div key={kind} role="group" aria-labelledby={heading} className="mt-3">
              <p id={heading} className="text-xs font-medium tracking-wide text-muted uppercase">
                {SHARE_ITEM_KIND_GROUP_LABELS[kind]}
              </p>
              <div className="mt-1 space-y-2">
                {items.map((item) => {
                  const key = `${item.kind}:${item.id}`;
                  return (
                    <label key={key} className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-1"
                        checked={chosen.includes(key)}
                        onChange={(e) => setChosen(e.target.checked ? [...chosen, key] : chosen.filter((k) => k !== key))}
                      />
                      <span className="break-words">{item.label}</span>
                    </label>
                  );
                })}
              </div>
            </div>
          );
        })}
      </fieldset>
      <Field
        id="share-recipients"
        label="Recipients"
        hint="One a line: name@example.com or Name <name@example.com>."
        error={fieldError("recipients")}
      >
        <Textarea id="share-recipients" rows={3} value={recipients} onChange={(e) => setRecipients(e.target.value)} />
      </Field>
      <Field id="share-message" label="Message (optional)" error={fieldError("message")}>
        <Textarea id="share-message" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="share-expiry"
          label="Expires in (days)"
          hint={`${SHARE_EXPIRY_DAYS.min} to ${SHARE_EXPIRY_DAYS.max}`}
          error={fieldError("expiryDays")}
        >
          <Input
            id="share-expiry"
            type="number"
            min={SHARE_EXPIRY_DAYS.min}
            max={SHARE_EXPIRY_DAYS.max}
            value={expiryDays}
            onChange={(e) => setExpiryDays(e.target.value)}
          />
        </Field>
        <Field id="share-mode" label="Access">
          <Select id="share-mode" value={mode} onChange={(e) => setMode(e.target.value as ShareMode)}>
            {SHARE_MODES.map((value) => (
              <option key={value} value={value}>
                {SHARE_MODE_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="share-nda" label="NDA">
          <Select id="share-nda" value={ndaKind} onChange={(e) => setNdaKind(e.target.value as ShareNdaKind)}>
            {SHARE_NDA_KINDS.map((value) => (
              <option key={value} value={value}>
                {SHARE_NDA_KIND_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {ndaKind === "own" ? (
        <Field id="share-nda-text" label="Your NDA's text" error={fieldError("ndaText")}>
          <Textarea id="share-nda-text" rows={6} value={ndaText} onChange={(e) => setNdaText(e.target.value)} />
        </Field>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy || chosen.length === 0}>
          {busy ? "Sharing..." : "Share"}
        </Button>
      </div>
      {stepUp.dialog}
    </form>
  );
}
