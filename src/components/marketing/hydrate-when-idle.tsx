import { Suspense, type ReactNode } from "react";
import { HydrationPending } from "@/components/hydration-marker";

/**
 * A part of a prerendered page below the first screen, hydrated after the rest. Its server HTML is
 * complete (the boundary never shows a fallback), so a visitor sees no difference; React hydrates
 * the first screen in one pass and each such boundary afterwards at idle priority, in slices of a
 * few milliseconds, so hydrating the whole page is no long task. A click on a part not yet
 * hydrated makes React hydrate that part first and replay the click. `HydrationPending` keeps
 * `<html data-hydrated>` unset until every such part is interactive.
 */
export function HydrateWhenIdle({ children }: { children: ReactNode }) {
  return (
    <Suspense>
      {children}
      <HydrationPending />
    </Suspense>
  );
}
