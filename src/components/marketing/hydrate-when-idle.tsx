import { Activity, type ReactNode } from "react";
import { HydrationPending } from "@/components/hydration-marker";

/**
 * A part of a prerendered marketing page (the header, each landing section, the footer) that React
 * hydrates at idle priority, in slices of a few milliseconds, instead of in the one task that
 * starts the page: a visible Activity boundary is hydrated after the rest of the page, like a
 * Suspense boundary, but its HTML stays in place (a completed Suspense boundary over 12.8 KB
 * of HTML would be sent apart and moved in by an inline script, a page without script then
 * missing it). A visitor sees no difference; a click on a part not yet hydrated makes React
 * hydrate that part first and replay the click. `HydrationPending` keeps `<html data-hydrated>`
 * unset until every such part is interactive.
 */
export function HydrateWhenIdle({ children }: { children: ReactNode }) {
  return (
    <Activity mode="visible">
      {children}
      <HydrationPending />
    </Activity>
  );
}
