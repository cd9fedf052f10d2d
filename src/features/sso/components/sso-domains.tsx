"use client";

import { Globe } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { OutcomeMessage, outcomeKindOf } from "@/components/ui/outcome-message";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { StatusBadge } from "@/components/ui/status-badge";
import type { useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { addSsoDomainAction, removeSsoDomainAction, verifySsoDomainAction } from "@/features/sso/actions/portal";
import type { SsoDomainView } from "@/features/sso/server";

type Change = ReturnType<typeof useChange>;

/** What verifying a domain means for the people already signing in with a password (docs/PRODUCT.md#single-sign-on). */
export const SSO_DOMAIN_TAKEOVER_NOTE =
  "Once verified, your identity provider can sign in your company's people at this domain, including those who sign in with a password today: their account is linked to the provider at their first sign-in through it.";

/** The company's domains: each one's TXT record to publish, Verify, Remove; a form to add one. */
export function SsoDomains({
  domains,
  change,
  readOnly,
  askStepUp,
  message,
}: {
  domains: SsoDomainView[];
  /** The card's latest message: a domain's check (`verify-{id}`) shows in that domain's row. */
  message: { text: string; tone: "success" | "error"; key?: string } | null;
  change: Change;
  readOnly: boolean;
  askStepUp: (refusal: { code?: string; fieldErrors?: Record<string, string> }, retry: () => void) => boolean;
}) {
  const form = useZodForm(() => import("@/features/sso/validation").then((m) => m.ssoDomainSchema), { domain: "" });
  const add = useFormSubmit(form, addSsoDomainAction, { done: () => form.reset({ domain: "" }) });
  const { errors } = form.formState;
  const remove = (domain: SsoDomainView) =>
    change.run(`remove-${domain.id}`, () => removeSsoDomainAction({ id: domain.id }), {
      done: () => `${domain.domain} removed.`,
      refused: (refusal) => askStepUp(refusal, () => remove(domain)),
    });
  return (
    <section aria-labelledby="sso-domains-heading" className="space-y-3">
      <h3 id="sso-domains-heading" className="flex items-center gap-2 font-medium">
        <Globe className="h-4 w-4 text-accent" aria-hidden /> Domains
      </h3>
      {domains.length === 0 ? <p className="text-sm text-muted">No domain yet. Add the domain of your people&apos;s addresses.</p> : null}
      <ul className="space-y-3" aria-label="Domains">
        {domains.map((domain) => (
          <li key={domain.id} className="rounded-md border border-slate-800 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-mono font-medium break-all">
                {domain.domain}{" "}
                <StatusBadge
                  value={domain.verifiedAt ? "verified" : "unverified"}
                  label={domain.verifiedAt ? "Verified" : "Not verified"}
                  tone={domain.verifiedAt ? "emerald" : "amber"}
                />
              </p>
              {readOnly ? null : (
                <div className="flex gap-2">
                  {domain.verifiedAt ? null : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={change.isBusy}
                      onClick={() =>
                        change.run(`verify-${domain.id}`, () => verifySsoDomainAction({ id: domain.id }), {
                          done: (result) => (result.verified ? result.message : { kind: "refusal", text: result.message }),
                        })
                      }
                    >
                      {change.running === `verify-${domain.id}` ? "Checking..." : `Verify ${domain.domain}`}
                    </Button>
                  )}
                  <Button size="sm" variant="secondary" disabled={change.isBusy} onClick={() => remove(domain)}>
                    {change.running === `remove-${domain.id}` ? "Removing..." : `Remove ${domain.domain}`}
                  </Button>
                </div>
              )}
            </div>
            {domain.verifiedAt ? null : (
              <dl className="mt-2 grid gap-1 text-muted sm:grid-cols-[auto_1fr] sm:gap-x-3">
                <dt>TXT record name</dt>
                <dd className="font-mono break-all text-foreground">{domain.recordName}</dd>
                <dt>Value</dt>
                <dd className="font-mono break-all text-foreground">{domain.recordValue}</dd>
              </dl>
            )}
            {domain.verifiedAt || readOnly ? null : <p className="mt-2 text-muted">{SSO_DOMAIN_TAKEOVER_NOTE}</p>}
            {message?.key === `verify-${domain.id}` ? (
              <OutcomeMessage kind={outcomeKindOf(message.tone)} className="mt-2">
                {message.text}
              </OutcomeMessage>
            ) : null}
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <form onSubmit={add.onSubmit} noValidate aria-label="Add a domain" className="flex flex-wrap items-end gap-2">
          <Field id="sso-domain" label="Domain" error={errors.domain?.message} className="min-w-0 flex-1">
            <Input
              {...fieldAria("sso-domain", errors.domain?.message)}
              placeholder="acme.example"
              autoComplete="off"
              {...form.register("domain")}
            />
          </Field>
          <Button type="submit" variant="secondary" disabled={add.isBusy}>
            {add.isBusy ? "Adding..." : "Add domain"}
          </Button>
          {add.message ? (
            <Alert tone={add.message.tone} className="w-full">
              {add.message.text}
            </Alert>
          ) : null}
        </form>
      )}
    </section>
  );
}
