"use client";

import { Check, Copy, KeyRound } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, fieldAria, Input, Select } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { API_SCOPE_LABELS, API_SCOPES, API_TOKEN_LIFETIME_LABELS, API_TOKEN_LIFETIMES } from "@/lib/domain/api-scope";
import { formatDate, formatDateTime } from "@/lib/format";
import { useStepUp } from "@/features/identity/components/use-step-up";
import { createApiTokenAction, revokeApiTokenAction } from "@/features/api/actions/portal";
import { type CreateApiTokenInput } from "@/features/api/validation/token";
import type { ApiTokenRow } from "@/features/api/server";

const STATE_LABELS: Record<ApiTokenRow["state"], string> = { active: "Active", expired: "Expired", revoked: "Revoked" };

/**
 * The company's API tokens (docs/PRODUCT.md#api-and-webhooks): owners only. Each token's scopes,
 * maker and last use; a new one after a fresh second factor, its secret shown once; revoking.
 */
export function ApiTokensCard({ tokens, readOnly }: { tokens: ApiTokenRow[]; readOnly: boolean }) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);
  return (
    <Card className="max-w-2xl" role="region" aria-labelledby="api-tokens-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="api-tokens-heading" className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound className="h-5 w-5 text-accent" aria-hidden /> API tokens
          </h2>
          <p className="mt-1 text-sm text-muted">
            Let your own systems read your projects and findings through the API. A token belongs to the company: it keeps working when the
            person who made it leaves.
          </p>
          <p className="mt-1 text-sm">
            <Link href="/client-portal/api-reference" className="text-accent underline-offset-2 hover:underline">
              API reference
            </Link>
          </p>
        </div>
        {readOnly ? null : (
          <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
            New API token
          </Button>
        )}
      </div>
      {tokens.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No API token yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800" aria-label="API tokens">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
              <div className="min-w-0 space-y-1">
                <p className="font-medium break-words">
                  {token.name} <span className="font-mono text-xs text-muted">{token.hint}</span>{" "}
                  <span className={token.state === "active" ? "text-emerald-300" : "text-muted"}>({STATE_LABELS[token.state]})</span>
                </p>
                <p className="text-muted">{token.scopes.join(", ")}</p>
                <p className="text-muted">
                  Made by {token.createdByName} on {formatDate(token.createdAt)} ·{" "}
                  {token.revokedAt
                    ? `revoked by ${token.revokedByName ?? "the firm"} on ${formatDate(token.revokedAt)}`
                    : token.expiresAt
                      ? `${token.state === "expired" ? "expired" : "expires"} ${formatDate(token.expiresAt)}`
                      : "no expiry"}
                </p>
                <p className="text-muted">
                  {token.lastUsedAt
                    ? `Last used ${formatDateTime(token.lastUsedAt)} from ${token.lastUsedAddress ?? "an unknown address"}`
                    : "Never used"}
                </p>
              </div>
              {token.state === "active" && !readOnly ? (
                <Button variant="ghost" size="sm" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {creating ? <NewTokenDialog onClose={() => setCreating(false)} /> : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this API token?"
          description={`${revoking.name} stops working at once; anything using it gets 401 from its next request.`}
          confirmLabel="Revoke token"
          busyLabel="Revoking..."
          send={() => revokeApiTokenAction({ tokenId: revoking.id })}
          onClose={() => setRevoking(null)}
          onDone={() => setRevoking(null)}
        />
      ) : null}
    </Card>
  );
}

function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const defaults: CreateApiTokenInput = { name: "", scopes: ["findings:read"], lifetime: "90" };
  const form = useZodForm(() => import("@/features/api/validation/token").then((m) => m.createApiTokenSchema), defaults);
  const { errors } = form.formState;
  const [made, setMade] = useState<{ secret: string; expiresAt: string | null } | null>(null);
  const stepUp = useStepUp("Making an API token needs a fresh proof that it is you.");
  const { onSubmit, message, isBusy } = useFormSubmit(form, createApiTokenAction, {
    done: (data) => setMade({ secret: data.secret, expiresAt: data.expiresAt }),
    refused: (refusal) => stepUp.ask(refusal, () => void onSubmit()),
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={made ? "Copy your new API token" : "New API token"}
      description={
        made ? "This is the only time it is shown. Keep it in your secret store." : "Choose what it may do and how long it lives."
      }
      width="md"
    >
      {made ? (
        <TokenSecret secret={made.secret} expiresAt={made.expiresAt} onDone={onClose} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="New API token" className="space-y-4">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <Field id="api-token-name" label="Name" error={errors.name?.message} hint="What uses it, such as “Jira sync” or “CI”.">
            <Input {...fieldAria("api-token-name", errors.name?.message)} autoComplete="off" {...form.register("name")} />
          </Field>
          <fieldset aria-describedby={errors.scopes?.message ? "api-token-scopes-error" : undefined}>
            <legend className="text-sm font-medium text-slate-200">Scopes</legend>
            <div className="mt-2 space-y-2">
              {API_SCOPES.map((scope) => (
                <label key={scope} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" value={scope} className="mt-1" {...form.register("scopes")} />
                  <span>
                    <span className="font-mono">{scope}</span>
                    <span className="block text-muted">{API_SCOPE_LABELS[scope]}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.scopes?.message ? (
              <p id="api-token-scopes-error" role="alert" className="mt-1 text-sm text-danger">
                {errors.scopes.message}
              </p>
            ) : null}
          </fieldset>
          <Field id="api-token-lifetime" label="Expires after" error={errors.lifetime?.message}>
            <Select {...fieldAria("api-token-lifetime", errors.lifetime?.message)} {...form.register("lifetime")}>
              {API_TOKEN_LIFETIMES.map((lifetime) => (
                <option key={lifetime} value={lifetime}>
                  {API_TOKEN_LIFETIME_LABELS[lifetime]}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? "Making..." : "Make token"}
            </Button>
          </div>
        </form>
      )}
      {stepUp.dialog}
    </Dialog>
  );
}

function TokenSecret({ secret, expiresAt, onDone }: { secret: string; expiresAt: string | null; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Clipboard refused: the secret stays selectable in the field.
      document.getElementById("api-token-secret")?.focus();
    }
  };
  return (
    <div className="space-y-4">
      <Alert tone="success">
        Token made{expiresAt ? `; it expires on ${formatDate(expiresAt)}` : "; it lives until revoked"}. Send it as{" "}
        <code className="font-mono">Authorization: Bearer …</code>
      </Alert>
      <Field id="api-token-secret" label="Token" hint="It will not be shown again.">
        <Input id="api-token-secret" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} mono />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={copy}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? "Copied" : "Copy token"}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
