"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Ends the session on the server, then goes to `redirectTo`. */
export function LogoutButton({ redirectTo, className }: { redirectTo: string; className?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
        } finally {
          router.replace(redirectTo);
          router.refresh();
        }
      }}
    >
      <LogOut className="h-4 w-4" aria-hidden />
      Logout
    </Button>
  );
}
