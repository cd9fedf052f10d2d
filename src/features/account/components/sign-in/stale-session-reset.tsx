"use client";

import { type ReactNode, useEffect, useState } from "react";
import { Loading } from "@/components/ui/spinner";
import { apiFetch } from "@/lib/api-client";

const TRIED_KEY = "stale-session-reset";
/** A reset tried this recently and back here means the cookie survived it. */
const RETRY_AFTER_MS = 30_000;

/**
 * The browser sent a session cookie whose session is gone. Only a response can clear a cookie, so
 * this signs out (better-auth clears the cookies) and loads the page again, which is then the
 * prerendered login page (src/proxy.ts): the same route whose server actions the login form's
 * code step relies on. Should the cookie survive (the sign-out failed), the login form rendered
 * here is shown instead of trying again.
 */
export function StaleSessionReset({ children }: { children: ReactNode }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const recentlyTried = Date.now() - Number(sessionStorage.getItem(TRIED_KEY) ?? 0) < RETRY_AFTER_MS;
    if (!recentlyTried) sessionStorage.setItem(TRIED_KEY, String(Date.now()));
    const reset = recentlyTried
      ? Promise.reject(new Error("the stale cookie survived a sign-out"))
      : apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
    reset.then(() => window.location.reload()).catch(() => setFailed(true));
  }, []);
  return failed ? children : <Loading label="Loading..." />;
}
