"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { ApiError, apiFetch } from "@/lib/api-client";

// The recipient's forms (docs/PRODUCT.md#sharing-with-third-parties): open a mailed link, ask for a
// new one, accept the NDA. Each posts to its route and, on success, loads the room anew.

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : "Something went wrong. Please try again.";

/** The mailed link's page: one button, so a mail scanner fetching the link does not use it up. */
export function OpenShareButton({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/shared/session", { method: "POST", json: { token } });
      router.replace("/shared");
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  }
  return (
    <div className="space-y-4">
      <Button onClick={open} disabled={busy}>
        {busy ? "Opening..." : "Open the shared documents"}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

export function RequestLinkForm() {
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await apiFetch<{ message: string }>("/api/shared/link", { method: "POST", json: { email } });
      setOutcome({ tone: "success", text: message });
    } catch (caught) {
      setOutcome({ tone: "error", text: messageOf(caught) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="share-link-email" label="Your e-mail address">
        <Input id="share-link-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Send me a new link"}
      </Button>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
    </form>
  );
}

export function AcceptNdaForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [accept, setAccept] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/shared/nda", { method: "POST", json: { name, accept } });
      router.refresh();
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="nda-name" label="Your full name" error={error ?? undefined}>
        <Input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} {...fieldAria("nda-name", error ?? undefined)} />
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={accept} onChange={(e) => setAccept(e.target.checked)} />
        <span>I have read and accept the confidentiality agreement above.</span>
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? "Recording..." : "Accept and continue"}
      </Button>
    </form>
  );
}

export function SignOutButton() {
  const router = useRouter();
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={async () => {
        await apiFetch("/api/shared/session", { method: "DELETE" }).catch(() => undefined);
        router.replace("/shared");
        router.refresh();
      }}
    >
      Sign out
    </Button>
  );
}
