"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useBusy } from "@/components/ui/use-busy";
import { apiFetch } from "@/lib/api-client";

/**
 * Ends the session on the server (better-auth deletes the session row and clears the cookie),
 * then goes to `redirectTo`. If the server could not be reached the user stays where they are and
 * is told so, rather than being shown a signed-out page while the session lives on.
 */
export function LogoutButton({ redirectTo, className }: { redirectTo: string; className?: string }) {
  const router = useRouter();
  const { busy, run } = useBusy();
  const [failed, setFailed] = useState(false);
  const [isNavigating, startNavigation] = useTransition();
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="ghost"
        size="sm"
        className={className}
        disabled={busy !== null || isNavigating}
        onClick={() => {
          setFailed(false);
          return run(
            "logout",
            async () => {
              await apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
              startNavigation(() => {
                router.replace(redirectTo);
                router.refresh();
              });
            },
            () => setFailed(true),
          );
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
