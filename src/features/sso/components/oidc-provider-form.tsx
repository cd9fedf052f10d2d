"use client";

import { Alert } from "@/components/ui/alert";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { saveOidcProviderAction } from "@/features/sso/actions/portal";
import type { ProviderFormProps } from "./sso-provider-form";

/**
 * The company's OpenID Connect provider: issuer, client ID and secret (kept encrypted, never shown
 * again) and the redirect URI to register there.
 */
export function OidcProviderForm({ settings, readOnly, askStepUp, testButton }: ProviderFormProps) {
  const provider = settings.provider?.protocol === "oidc" ? settings.provider : null;
  const redirectUri = settings.redirectUri;
  const form = useZodForm(() => import("@/features/sso/validation").then((m) => m.oidcProviderSchema), {
    issuer: provider?.issuer ?? "",
    clientId: provider?.clientId ?? "",
    clientSecret: "",
  });
  const save = useFormSubmit(form, saveOidcProviderAction, {
    done: () => {
      form.setValue("clientSecret", "");
      return "Identity provider saved. Run a test sign-in before switching single sign-on on.";
    },
    refused: (refusal) => askStepUp(refusal, () => void save.onSubmit()),
  });
  const { errors } = form.formState;
  return (
    <>
      <p className="text-sm text-muted">
        Register this redirect URI with your identity provider (Okta, Entra ID, Google Workspace…):{" "}
        <span className="font-mono break-all text-foreground">{redirectUri}</span>
      </p>
      {provider?.demo ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <DemoServiceBadge mark={provider.demo} />
          {provider.demo === "service"
            ? "The demo's local identity provider: sign in as dana@acme.example to try it."
            : "The demo's identity provider is not running, so signing in through it fails until it is."}
        </p>
      ) : null}
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
            {provider ? testButton(save.isBusy) : null}
            <Button type="submit" disabled={save.isBusy}>
              {save.isBusy ? "Saving..." : "Save identity provider"}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
