"use client";

import { KeyRound } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import type { useChange } from "@/components/ui/use-change";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { saveOidcProviderAction, startSsoTestAction } from "@/features/sso/actions/portal";
import type { SsoSettingsView } from "@/features/sso/server";
import { oidcProviderSchema } from "@/features/sso/validation";

type Change = ReturnType<typeof useChange>;

/**
 * The company's OpenID Connect provider: issuer, client ID and secret (kept encrypted, never shown
 * again), the redirect URI to register there, and the test sign-in that must pass before single
 * sign-on can be switched on.
 */
export function SsoProviderForm({
  settings,
  redirectUri,
  change,
  readOnly,
  askStepUp,
}: {
  settings: SsoSettingsView;
  redirectUri: string;
  change: Change;
  readOnly: boolean;
  askStepUp: (refusal: { code?: string; fieldErrors?: Record<string, string> }, retry: () => void) => boolean;
}) {
  const { provider, tested } = settings;
  const form = useZodForm(oidcProviderSchema, { issuer: provider?.issuer ?? "", clientId: provider?.clientId ?? "", clientSecret: "" });
  const save = useFormSubmit(form, saveOidcProviderAction, {
    done: () => {
      form.setValue("clientSecret", "");
      return "Identity provider saved. Run a test sign-in before switching single sign-on on.";
    },
    refused: (refusal) => askStepUp(refusal, () => void save.onSubmit()),
  });
  const { errors } = form.formState;
  const test = () =>
    change.run("test", () => startSsoTestAction({}), {
      refresh: false,
      done: (started) => {
        window.location.assign(started.url);
      },
    });
  return (
    <section aria-labelledby="sso-provider-heading" className="space-y-3">
      <h3 id="sso-provider-heading" className="flex items-center gap-2 font-medium">
        <KeyRound className="h-4 w-4 text-accent" aria-hidden /> Identity provider (OpenID Connect)
      </h3>
      <p className="text-sm text-muted">
        Register this redirect URI with your identity provider (Okta, Entra ID, Google Workspace…):{" "}
        <span className="font-mono break-all text-foreground">{redirectUri}</span>
      </p>
      {readOnly ? (
        provider ? (
          <p className="text-sm">
            Issuer <span className="font-mono break-all">{provider.issuer}</span>, client ID{" "}
            <span className="font-mono break-all">{provider.clientId}</span>
          </p>
        ) : (
          <p className="text-sm text-muted">No identity provider set up.</p>
        )
      ) : (
        <form onSubmit={save.onSubmit} noValidate aria-label="Identity provider" className="space-y-3">
          {save.message ? <Alert tone={save.message.tone}>{save.message.text}</Alert> : null}
          <Field
            id="sso-issuer"
            label="Issuer URL"
            error={errors.issuer?.message}
            hint="Its discovery document is read from /.well-known/openid-configuration."
          >
            <Input
              {...fieldAria("sso-issuer", errors.issuer?.message)}
              type="url"
              autoComplete="off"
              placeholder="https://acme.okta.com"
              {...form.register("issuer")}
            />
          </Field>
          <Field id="sso-client-id" label="Client ID" error={errors.clientId?.message}>
            <Input {...fieldAria("sso-client-id", errors.clientId?.message)} autoComplete="off" {...form.register("clientId")} />
          </Field>
          <Field
            id="sso-client-secret"
            label="Client secret"
            error={errors.clientSecret?.message}
            hint={
              provider
                ? "Leave empty to keep the secret you saved. It is kept encrypted and never shown again."
                : "It is kept encrypted and never shown again."
            }
          >
            <Input
              {...fieldAria("sso-client-secret", errors.clientSecret?.message)}
              type="password"
              autoComplete="off"
              {...form.register("clientSecret")}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            {provider ? (
              <Button variant="secondary" disabled={change.isBusy || save.isBusy} onClick={test}>
                {change.running === "test" ? "Opening your identity provider..." : "Test sign-in"}
              </Button>
            ) : null}
            <Button type="submit" disabled={save.isBusy}>
              {save.isBusy ? "Saving..." : "Save identity provider"}
            </Button>
          </div>
        </form>
      )}
      <p className="text-sm text-muted" aria-live="polite">
        {tested
          ? `Test sign-in passed (${tested.as ?? "an address of a verified domain"}) for ${tested.byName}.`
          : provider
            ? "No test sign-in has passed with this provider yet."
            : null}
      </p>
    </section>
  );
}
