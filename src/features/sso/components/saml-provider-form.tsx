"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, fieldAria, Input, Textarea } from "@/components/ui/field";
import { useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { saveSamlProviderAction } from "@/features/sso/actions/portal";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import type { ProviderFormProps } from "./sso-provider-form";

/** One value to copy into the provider's settings. */
function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="font-mono break-all text-foreground">{value}</dd>
    </div>
  );
}

/**
 * The company's SAML 2.0 provider: its metadata (a URL, or the XML pasted), and what the provider
 * needs of us (entity ID, ACS URL). Assertions must be signed with SHA-256 or stronger.
 */
export function SamlProviderForm({ settings, readOnly, askStepUp, testButton }: ProviderFormProps) {
  const provider = settings.provider?.protocol === "saml" ? settings.provider : null;
  const form = useZodForm(() => import("@/features/sso/validation").then((m) => m.samlProviderSchema), {
    metadataUrl: "",
    metadataXml: "",
  });
  const save = useFormSubmit(form, saveSamlProviderAction, {
    done: () => {
      form.reset({ metadataUrl: "", metadataXml: "" });
      return "Identity provider saved. Run a test sign-in before switching single sign-on on.";
    },
    refused: (refusal) => askStepUp(refusal, () => void save.onSubmit()),
  });
  const { errors } = form.formState;
  return (
    <>
      <p className="text-sm text-muted">
        Create a SAML application at your identity provider with these values; it must sign its assertions with SHA-256.
      </p>
      <dl className="space-y-1 text-sm">
        <Copyable label="Entity ID (audience)" value={settings.saml.spEntityId} />
        <Copyable label="ACS URL (HTTP-POST)" value={settings.saml.acsUrl} />
      </dl>
      {provider ? (
        <p className="text-sm">
          Saved provider <span className="font-mono break-all">{provider.idpEntityId}</span>, signing in at{" "}
          <span className="font-mono break-all">{provider.ssoUrl}</span> <DemoServiceBadge mark={provider.demo} />
        </p>
      ) : null}
      {readOnly ? (
        provider ? null : (
          <p className="text-sm text-muted">No identity provider set up.</p>
        )
      ) : (
        <form onSubmit={save.onSubmit} noValidate aria-label="Identity provider" className="space-y-3">
          {save.message ? <Alert tone={save.message.tone}>{save.message.text}</Alert> : null}
          <Field
            id="sso-metadata-url"
            label="Metadata URL"
            error={errors.metadataUrl?.message}
            hint="Where your provider publishes its SAML metadata."
          >
            <Input
              {...fieldAria("sso-metadata-url", errors.metadataUrl?.message)}
              type="url"
              autoComplete="off"
              {...form.register("metadataUrl")}
            />
          </Field>
          <Field id="sso-metadata-xml" label="Or the metadata XML" error={errors.metadataXml?.message}>
            <Textarea
              {...fieldAria("sso-metadata-xml", errors.metadataXml?.message)}
              rows={4}
              spellCheck={false}
              mono
              {...form.register("metadataXml")}
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
