"use client";

import { KeyRound } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import type { useChange } from "@/components/ui/use-change";
import { startSsoTestAction } from "@/features/sso/actions/portal";
import type { SsoSettingsView } from "@/features/sso/server";
import { OidcProviderForm } from "./oidc-provider-form";
import { SamlProviderForm } from "./saml-provider-form";

type Change = ReturnType<typeof useChange>;
type AskStepUp = (refusal: { code?: string; fieldErrors?: Record<string, string> }, retry: () => void) => boolean;

/** What each protocol's form is given: the settings, and the test sign-in's button to place beside Save. */
export type ProviderFormProps = {
  settings: SsoSettingsView;
  readOnly: boolean;
  askStepUp: AskStepUp;
  testButton: (saving: boolean) => ReactNode;
};

const PROTOCOLS = [
  { value: "oidc", label: "OpenID Connect" },
  { value: "saml", label: "SAML 2.0" },
] as const;

/**
 * The company's identity provider, OpenID Connect or SAML 2.0, and the test sign-in that must pass
 * before single sign-on can be switched on.
 */
export function SsoProviderForm({
  settings,
  change,
  readOnly,
  askStepUp,
}: {
  settings: SsoSettingsView;
  change: Change;
  readOnly: boolean;
  askStepUp: AskStepUp;
}) {
  const [protocol, setProtocol] = useState<"oidc" | "saml">(settings.provider?.protocol ?? "oidc");
  const name = useId();
  const { tested, provider } = settings;
  const testButton = (saving: boolean) => (
    <Button
      variant="secondary"
      disabled={change.isBusy || saving}
      onClick={() =>
        change.run("test", () => startSsoTestAction({}), {
          refresh: false,
          done: (started) => {
            window.location.assign(started.url);
          },
        })
      }
    >
      {change.running === "test" ? "Opening your identity provider..." : "Test sign-in"}
    </Button>
  );
  const props = { settings, readOnly, askStepUp, testButton };
  return (
    <section aria-labelledby="sso-provider-heading" className="space-y-3">
      <h3 id="sso-provider-heading" className="flex items-center gap-2 font-medium">
        <KeyRound className="h-4 w-4 text-accent" aria-hidden /> Identity provider
      </h3>
      {readOnly ? null : (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Protocol</legend>
          {PROTOCOLS.map((option) => (
            <label key={option.value} className="flex items-center gap-2">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={protocol === option.value}
                onChange={() => setProtocol(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      )}
      {(readOnly ? (provider?.protocol ?? "oidc") : protocol) === "saml" ? (
        <SamlProviderForm {...props} />
      ) : (
        <OidcProviderForm {...props} />
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
