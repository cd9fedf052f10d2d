"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, type MouseEvent } from "react";
import { parseSection, type PortalSection, sectionHref } from "./portal-sections-config";

/**
 * The section in view lives in the URL. Switching pushes a history entry with the native History
 * API, which Next's router picks up (useSearchParams updates) without a server round trip: all
 * sections' data is already on the page. Reload, back/forward and shared links all work.
 */
export function usePortalNavigation() {
  const searchParams = useSearchParams();
  const section = parseSection(searchParams.get("section"));

  const navigate = useCallback((target: PortalSection, extra: Record<string, string> = {}) => {
    window.history.pushState(null, "", sectionHref(target, extra));
  }, []);

  /** onClick for a real link: plain clicks navigate in place, modified clicks keep browser behaviour. */
  const linkHandler = useCallback(
    (target: PortalSection, extra: Record<string, string> = {}) =>
      (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(target, extra);
      },
    [navigate],
  );

  return { section, searchParams, navigate, linkHandler };
}
