"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const thisYear = () => new Date().getFullYear();

/**
 * The calendar year for the footer of the prerendered pages, which are never rendered again after
 * the build (their CSP hashes their scripts, src/lib/csp.ts): the HTML carries the build's year
 * (`builtIn`), and once the page runs the visitor's clock takes over, without a hydration mismatch.
 */
export function CurrentYear({ builtIn }: { builtIn: number }) {
  return useSyncExternalStore(noSubscription, thisYear, () => builtIn);
}
