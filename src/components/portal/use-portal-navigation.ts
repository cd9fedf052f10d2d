"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, type MouseEvent } from "react";
import { parseSection, type PortalSection, sectionHref } from "./portal-sections-config";

/**
 * The section in view lives in the URL. Switching is a client-side navigation to the section's
 * address: one round trip, in which the server reads and renders that section alone (the frame and
 * its state, such as the collapsed sidebar, stay). Reload, back/forward and shared links all work.
 */
export function usePortalNavigation() {
  const router = useRouter();
  const searchParams = useSearchParams();
  const section = parseSection(searchParams.get("section"));

  // PortalSections moves focus and scroll to the new section's title once it has arrived.
  const navigate = useCallback(
    (target: PortalSection, extra: Record<string, string> = {}) => router.push(sectionHref(target, extra), { scroll: false }),
    [router],
  );

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
