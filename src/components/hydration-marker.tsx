"use client";

import { useEffect } from "react";

/**
 * Sets <html data-hydrated="true"> once React has hydrated the page's shell: the readiness signal
 * browser tests wait for after a navigation (a click before it would be lost).
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
