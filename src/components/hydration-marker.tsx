"use client";

import { type ComponentType, useEffect } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { THEME_STORAGE_KEY } from "@/lib/theme";

const PENDING = "[data-hydration-pending]";

/** Sets <html data-hydrated="true"> unless a part of the page is still waiting for its code. */
function markIfSettled() {
  if (!document.querySelector(PENDING)) document.documentElement.dataset.hydrated = "true";
}

/**
 * Sets <html data-hydrated="true"> once React has hydrated the page: the readiness signal browser
 * tests wait for after a navigation (a click before it would be lost). A part of the page whose
 * code loads after the page's own (next/dynamic) holds the signal back with `HydrationPending`.
 */
export function HydrationMarker() {
  useEffect(() => {
    keepStoredTheme();
    markIfSettled();
  }, []);
  return null;
}

/**
 * The theme script set <html data-theme> before React ran; a render of the whole page in the
 * browser (after a failed hydration) builds <html> from its props alone and drops it. This
 * component is rendered again then, and sets it back.
 */
function keepStoredTheme() {
  try {
    if (localStorage.getItem(THEME_STORAGE_KEY) === "light") document.documentElement.dataset.theme = "light";
  } catch {
    // storage blocked: the theme stays the default
  }
}

/**
 * Rendered inside a part whose code loads lazily: its server HTML carries a pending mark until
 * that part has hydrated (React drops a click on a part still waiting for its code), then it
 * removes the mark and, when it was the last one, sets the page's signal.
 */
export function HydrationPending() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) markIfSettled();
  }, [hydrated]);
  return hydrated ? null : <HydrationPendingMark />;
}

/** The same mark for a Suspense fallback the server sent: the part it stands for has not arrived. */
export function HydrationPendingMark() {
  return <span hidden data-hydration-pending="" />;
}

/**
 * A part that next/dynamic loads, holding the page's ready signal until it has hydrated itself:
 * React hydrates the page around a part whose code has not arrived yet and leaves that part as
 * server HTML, where a click is dropped; the page's own mark is gone by then. Written as
 * `dynamic(() => import("./card").then((m) => pendingUntilHydrated(m.Card)))`, so the chunk is still
 * named where next/dynamic sees it. The mark comes first: hidden, it takes no place and no spacing.
 */
export function pendingUntilHydrated<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  function Hydrating(props: P) {
    return (
      <>
        <HydrationPending />
        <Part {...props} />
      </>
    );
  }
  return Hydrating;
}
