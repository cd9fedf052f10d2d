"use client";

import { useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/alert";
import { isSsoStepUpReturn, SSO_SIGN_IN_ERRORS, SSO_SIGN_IN_FALLBACK_ERROR, SSO_STEP_UP_VERDICTS } from "@/lib/domain/sso";

const noSubscription = () => () => {};

/**
 * What a step-up's fresh sign-in at the company's identity provider brought back to the page it
 * left (`?error=`, the SSO plugin's parameter, docs/PRODUCT.md#single-sign-on), in words; nothing
 * for any other page.
 */
export function SsoStepUpVerdict() {
  const code = useSyncExternalStore(
    noSubscription,
    () => {
      const search = new URLSearchParams(window.location.search);
      return isSsoStepUpReturn(search) ? search.get("error") : null;
    },
    () => null,
  );
  if (!code) return null;
  const passed = code === "sso_step_up_passed";
  const text = SSO_STEP_UP_VERDICTS[code] ?? SSO_SIGN_IN_ERRORS[code] ?? SSO_SIGN_IN_FALLBACK_ERROR;
  return (
    <Alert tone={passed ? "success" : "error"} className="mb-4">
      {text}
    </Alert>
  );
}
