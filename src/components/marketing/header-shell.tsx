"use client";

import { useEffect, useState, type ReactNode } from "react";

// The header turns opaque once the page is scrolled more than 20 px (docs/PRODUCT.md#marketing-header-and-footer).
export const HEADER_SCROLL_THRESHOLD = 20;

/**
 * The fixed header bar. Its content is rendered on the server; this island only tracks the scroll
 * state (a boolean, so React re-renders only when the threshold is crossed) and turns same-page
 * "/#section" links anywhere on the page into smooth scrolls.
 */
export function HeaderShell({ children }: { children: ReactNode }) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    // scrollY is read in scroll events and in an animation frame, never while React renders:
    // reading it during hydration forces a synchronous layout of the whole page.
    const update = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    const frame = requestAnimationFrame(update);
    window.addEventListener("scroll", update, { passive: true });
    document.addEventListener("click", scrollToSectionOnClick);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
      document.removeEventListener("click", scrollToSectionOnClick);
    };
  }, []);

  return (
    <header
      data-scrolled={scrolled}
      className="fixed inset-x-0 top-0 z-50 border-b border-transparent transition-colors duration-300 data-[scrolled=true]:border-slate-800 data-[scrolled=true]:bg-background/95 data-[scrolled=true]:shadow-lg data-[scrolled=true]:shadow-black/30 data-[scrolled=true]:backdrop-blur has-[[data-menu-open=true]]:bg-background"
    >
      {children}
    </header>
  );
}

/** The landing the last in-page link click still waits for (one at a time). */
let pendingLanding: AbortController | null = null;

/**
 * Smooth scroll that respects prefers-reduced-motion, then moves focus to the section (it has
 * tabIndex=-1) so keyboard and screen-reader users continue from there. Links to another page,
 * modified clicks (new tab) and missing targets keep the browser's default behaviour.
 */
function scrollToSectionOnClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.("a[href*='#']");
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank") return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname || !url.hash) return;
  const section = document.getElementById(decodeURIComponent(url.hash.slice(1)));
  if (!section) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  // The sections passed on the way are laid out only as they near the viewport (content-visibility:
  // auto), so their real heights can move the target while a smooth scroll runs: once it ends,
  // land on the section itself (nothing moves when the scroll already did).
  // Only the latest click lands: a listener left by an earlier click (its scrollend not yet fired)
  // would otherwise pull the page back to that click's section at the end of this scroll.
  pendingLanding?.abort();
  pendingLanding = null;
  if (!reduceMotion && "onscrollend" in window) {
    const landing = new AbortController();
    pendingLanding = landing;
    window.addEventListener(
      "scrollend",
      () => {
        if (pendingLanding === landing) pendingLanding = null;
        section.scrollIntoView({ behavior: "auto", block: "start" });
      },
      { once: true, signal: landing.signal },
    );
  }
  if (location.hash !== url.hash) history.pushState(null, "", url.hash);
  section.focus({ preventScroll: true });
}
