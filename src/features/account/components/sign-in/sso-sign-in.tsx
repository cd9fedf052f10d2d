"use client";

import { KeyRound } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { startSsoSignInAction } from "@/features/identity/actions/sign-in";
import { apiFetch } from "@/lib/api-client";
import { SSO_SIGN_IN_ERRORS, SSO_SIGN_IN_FALLBACK_ERROR, type SsoRoute } from "@/lib/domain/sso";

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Which way the typed address signs in: asked once the address looks complete and the typing has
 * paused (a domain's policy, never whether the account exists). Null until known.
 */
export function useSsoRoute(email: string): SsoRoute | null {
  const [route, setRoute] = useState<{ email: string; route: SsoRoute } | null>(null);
  const address = email.trim().toLowerCase();
  useEffect(() => {
    if (!LOOKS_LIKE_EMAIL.test(address)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      // A route handler, not an action: actions run one at a time, and Login must not wait for this.
      apiFetch<SsoRoute>(`/api/sso/lookup?email=${encodeURIComponent(address)}`)
        .then((found) => {
          if (!cancelled) setRoute({ email: address, route: found });
        })
        // Not known (offline, limited): the password form stays, as for any address.
        .catch(() => undefined);
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [address]);
  return route && route.email === address ? route.route : null;
}

const noSubscription = () => () => {};

/** The `?error=` a return from the identity provider brought (none while the server renders). */
export function useReturnedErrorCode(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => new URLSearchParams(window.location.search).get("error"),
    () => null,
  );
}

/** A refusal the identity provider's return brought back to the login page, in words. */
export function useSsoReturnError(): string | null {
  const code = useReturnedErrorCode();
  return code ? (SSO_SIGN_IN_ERRORS[code] ?? SSO_SIGN_IN_FALLBACK_ERROR) : null;
}

/** "Continue with single sign-on" for an address of a company that uses its identity provider. */
export function SsoSignIn({
  email,
  route,
  passwordHidden,
  onUsePassword,
}: {
  email: string;
  route: Extract<SsoRoute, { kind: "sso" }>;
  passwordHidden: boolean;
  onUsePassword: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    const result = await startSsoSignInAction({ email });
    if (result.success) {
      window.location.assign(result.data.url);
      return;
    }
    setError(result.error);
    setBusy(false);
  };
  return (
    <div className="space-y-3" role="group" aria-label="Single sign-on">
      <p className="text-sm text-slate-300">
        {route.required
          ? "Your company signs you in through its identity provider."
          : "Your company can sign you in through its identity provider."}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        type="button"
        className="w-full"
        variant={passwordHidden ? "primary" : "secondary"}
        disabled={busy}
        onClick={() => void start()}
      >
        <KeyRound className="h-4 w-4" aria-hidden />
        {busy ? "Opening your identity provider..." : "Continue with single sign-on"}
      </Button>
      {passwordHidden ? (
        <button type="button" className="text-sm text-accent hover:underline" onClick={onUsePassword}>
          Owner, or not of this company? Sign in with your password
        </button>
      ) : null}
    </div>
  );
}
