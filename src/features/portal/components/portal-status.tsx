"use client";

import { AlertCircle } from "lucide-react";
import { HydrationPending } from "@/components/hydration-marker";
import { Button } from "@/components/ui/button";
import { Loading } from "@/components/ui/spinner";
import { useChange } from "@/components/ui/use-change";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";

/** Shown while the portal's data streams in; the Projects section has its own wording. */
export function PortalLoading() {
  const { section } = usePortalNavigation();
  return <Loading label={section === "projects" ? "Loading projects..." : "Loading your data..."} />;
}

/** Shown when the data could not be loaded; the detail stays in the server log. */
export function PortalLoadError() {
  // Trying again is the change's refresh alone: nothing to send, the page's data read again.
  const { isBusy, run } = useChange<"retry">(() => {});
  const retrying = isBusy;
  const retry = () => run("retry", async () => ({ success: true, data: null }));
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-red-500/40 bg-red-500/10 p-8 text-center"
    >
      <AlertCircle className="h-10 w-10 text-red-300" aria-hidden />
      <p className="text-lg font-semibold text-red-100">Unable to load client data</p>
      <p className="text-sm text-red-200/80">Please try again in a moment. If the problem persists, contact your account manager.</p>
      <Button variant="secondary" onClick={retry} disabled={retrying}>
        {retrying ? "Retrying..." : "Try again"}
      </Button>
      {/* In place of the section: the page is ready once this has hydrated (HydrationMarker). */}
      <HydrationPending />
    </div>
  );
}
