"use client";

import dynamic from "next/dynamic";

/**
 * `Dialog` whose code (Radix's dialog, its focus trap and scroll lock) loads when it is first
 * opened: for a screen that shows one only on request, such as the dashboard's cards. Render it
 * only while open; until its code has arrived, nothing shows in its place.
 */
export const LazyDialog = dynamic(() => import("./dialog").then((m) => m.Dialog), { loading: () => null });
