"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { routeChange, useChange } from "@/components/ui/use-change";
import { apiFetch } from "@/lib/api-client";

/**
 * Ends the session on the server (better-auth deletes the session row and clears the cookie),
 * then goes to `redirectTo`, busy until that page is there. If the server refused or could not be
 * reached the user stays where they are and is told so, rather than being shown a signed-out page
 * while the session lives on.
 */
export function LogoutButton({ redirectTo, className }: { redirectTo: string; className?: string }) {
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const { busy, run } = useChange<"logout">(() => setFailed(true));
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="ghost"
        size="sm"
        className={className}
        disabled={busy !== null}
        onClick={() => {
          setFailed(false);
          // Then the default refresh: the signed-out page renders without the old session.
          run("logout", () => routeChange(apiFetch("/api/auth/sign-out", { method: "POST", json: {} })), {
            done: () => router.replace(redirectTo),
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
