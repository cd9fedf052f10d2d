"use client";

import { ShieldCheck } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { useChange } from "@/components/ui/use-change";
import { useStepUp } from "@/features/identity/components/use-step-up";
import { isSsoStepUpReturn, SSO_SIGN_IN_ERRORS, SSO_SIGN_IN_FALLBACK_ERROR } from "@/lib/domain/sso";
import type { SsoSettingsView } from "@/features/sso/server";
import { SsoDomains } from "./sso-domains";
import { SsoPolicyForm } from "./sso-policy-form";
import { SsoProviderForm } from "./sso-provider-form";

type Message = { text: string; tone: "success" | "error"; key?: string } | null;

const noSubscription = () => () => {};

/** What the provider's return from an owner's test brought (`?error=` on Settings), in words. */
function useTestVerdict(): Message {
  const code = useSyncExternalStore(
    noSubscription,
    () => {
      const search = new URLSearchParams(window.location.search);
      return isSsoStepUpReturn(search) ? null : search.get("error");
    },
    () => null,
  );
  if (!code) return null;
  return code === "sso_test_passed"
    ? { tone: "success", text: "Test sign-in passed: you can switch single sign-on on." }
    : { tone: "error", text: `Test sign-in failed: ${SSO_SIGN_IN_ERRORS[code] ?? SSO_SIGN_IN_FALLBACK_ERROR}` };
}

/**
 * The company's single sign-on (docs/PRODUCT.md#single-sign-on), owners only: its verified domains,
 * its identity provider with the test sign-in, and the policy. Changes to who can sign in ask for a
 * fresh proof first.
 */
export function SsoCard({ settings, readOnly }: { settings: SsoSettingsView; readOnly: boolean }) {
  const [message, setMessage] = useState<Message>(null);
  const verdict = useTestVerdict();
  const change = useChange((text, tone, key) => setMessage({ text, tone, key }));
  const stepUp = useStepUp("Changing how your company signs in needs a fresh proof that it is you.");
  // A domain's check shows in its row (domainMessage); the rest at the top of the card.
  const shown = message?.key?.startsWith("verify-") ? null : (message ?? verdict);
  return (
    <Card className="max-w-2xl space-y-6" role="region" aria-labelledby="sso-heading">
      <div>
        <h2 id="sso-heading" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheck className="h-5 w-5 text-accent" aria-hidden /> Single sign-on
        </h2>
        <p className="mt-1 text-sm text-muted">
          Let your people sign in through your own identity provider, so that leaving your company ends their access here too.
        </p>
      </div>
      {shown ? <Alert tone={shown.tone}>{shown.text}</Alert> : null}
      <SsoDomains domains={settings.domains} change={change} readOnly={readOnly} askStepUp={stepUp.ask} message={message} />
      <SsoProviderForm settings={settings} change={change} readOnly={readOnly} askStepUp={stepUp.ask} />
      <SsoPolicyForm settings={settings} readOnly={readOnly} askStepUp={stepUp.ask} />
      {stepUp.dialog}
    </Card>
  );
}
