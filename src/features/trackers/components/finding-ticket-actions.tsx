"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useChange } from "@/components/ui/use-change";
import { requestTicketAction } from "@/features/trackers/actions/portal";

/** **Create ticket**: queued on the server and filed at once in the background. */
export function CreateTicketButton({ findingId, connectionId, where }: { findingId: string; connectionId: string; where: string }) {
  const [error, setError] = useState<string | null>(null);
  const { isBusy, run } = useChange((text, tone) => setError(tone === "error" ? text : null));
  return (
    <span className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        variant="secondary"
        disabled={isBusy}
        aria-label={`Create ticket in ${where}`}
        onClick={() => run("create", () => requestTicketAction({ findingId, connectionId }))}
      >
        {isBusy ? "Creating..." : "Create ticket"}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </span>
  );
}

const REFRESH_EVERY_MS = 2_000;
const MAX_REFRESHES = 30;

/** While a ticket is being filed, reloads the page's data every 2 s (a minute at most) to show its key. */
export function RefreshWhileFiling() {
  const router = useRouter();
  useEffect(() => {
    let count = 0;
    const timer = setInterval(() => {
      count += 1;
      if (count > MAX_REFRESHES) clearInterval(timer);
      else router.refresh();
    }, REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
