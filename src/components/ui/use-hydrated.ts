"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true once the component is interactive. A
 * component exposes it as data-hydrated so browser tests can wait for it without reading React
 * internals (text typed before hydration would be overwritten by a form library's defaults).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
