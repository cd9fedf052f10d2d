"use client";

import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { routeChange, useChange } from "@/components/ui/use-change";
import { useHydrated } from "@/components/ui/use-hydrated";
import { apiFetch } from "@/lib/api-client";

/**
 * Ends the session on the server (better-auth deletes the session row and clears the cookie),
 * then loads `redirectTo` as a new document, busy until that page is there: nothing the signed-in
 * screens held stays in the browser's memory (the router's cache of their pages included), and the
 * signed-out portal is the prerendered login page (src/proxy.ts), a route of its own. If the server refused or could not be
 * reached the user stays where they are and is told so, rather than being shown a signed-out page
 * while the session lives on.
 */
export function LogoutButton({ redirectTo, className }: { redirectTo: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const hydrated = useHydrated();
  const { isBusy, run } = useChange<"logout">(() => setFailed(true));
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="ghost"
        size="sm"
        className={className}
        // Not before hydration: a click then would do nothing (the page has just loaded as a new document).
        disabled={isBusy || !hydrated}
        onClick={() => {
          setFailed(false);
          run("logout", () => routeChange(apiFetch("/api/auth/sign-out", { method: "POST", json: {} })), {
            done: () => window.location.replace(redirectTo),
            refresh: false,
          });
        }}
      >
        <LogOut className="h-4 w-4" aria-hidden />
        Logout
      </Button>
      {failed ? (
        <span role="alert" className="text-xs text-danger">
          Logout failed. Please try again.
        </span>
      ) : null}
    </span>
  );
}
