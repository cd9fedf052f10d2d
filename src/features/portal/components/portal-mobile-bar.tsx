"use client";

import { Ellipsis } from "@/components/ui/sprite-icon";
import type { MouseEvent } from "react";
import { OnDemandMenu } from "@/components/ui/on-demand-menu";
import { cn } from "@/lib/cn";
import { UnreadCount } from "./unread-count";
import {
  MOBILE_TAB_COUNT,
  MOBILE_SECTIONS,
  PORTAL_SECTIONS,
  type PortalSection,
  SECTION_INFO,
} from "@/components/portal/portal-sections-config";

// Whole class names, so Tailwind sees them (and no inline style, which the CSP refuses).
const COLUMNS: Record<number, string> = {
  1: "grid-cols-1",
  2: "grid-cols-2",
  3: "grid-cols-3",
  4: "grid-cols-4",
  5: "grid-cols-5",
  6: "grid-cols-6",
};

type LinkTo = (id: PortalSection) => {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  "aria-current": "page" | undefined;
};

/**
 * The phone's bottom bar (docs/PRODUCT.md#portal-frame-and-navigation): the first sections the
 * person sees, by priority, as tabs, and **More**, a menu holding every other section, so each
 * one is a tap or two away on a 390 px screen. The menu is Radix's (arrow keys, Escape, focus back
 * on More, menu semantics), its code loaded when first opened (`OnDemandMenu`).
 */
export function PortalMobileBar({
  section,
  shown,
  linkTo,
  unreadMessages,
}: {
  section: PortalSection;
  shown: (id: PortalSection) => boolean;
  linkTo: LinkTo;
  /** The person's unread messages: a badge on the Messages tab (or its entry under More). */
  unreadMessages?: Promise<number>;
}) {
  const tabs = MOBILE_SECTIONS.filter(shown).slice(0, MOBILE_TAB_COUNT);
  const more = PORTAL_SECTIONS.filter((id) => shown(id) && !tabs.includes(id));
  const inMore = more.includes(section);
  return (
    <nav aria-label="Portal sections (mobile)" className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface md:hidden">
      <ul className={cn("grid", COLUMNS[tabs.length + (more.length > 0 ? 1 : 0)] ?? "grid-cols-6")}>
        {tabs.map((id) => {
          const info = SECTION_INFO[id];
          const Icon = info.mobileIcon ?? info.icon;
          return (
            <li key={id}>
              <a
                {...linkTo(id)}
                className={cn(
                  "relative flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium",
                  id === section ? "text-accent" : "text-muted hover:text-foreground",
                )}
              >
                <Icon className="h-5 w-5" aria-hidden />
                {info.mobileLabel ?? info.label}
                {id === "messages" ? <UnreadCount count={unreadMessages} className="absolute right-1/4 top-1.5" /> : null}
              </a>
            </li>
          );
        })}
        {more.length > 0 ? (
          <li>
            <OnDemandMenu
              // The section open under More, said where the tab bar cannot show it (the label starts with the visible word).
              label={inMore ? `More, ${SECTION_INFO[section].label} open` : undefined}
              className={cn(
                "flex h-16 w-full flex-col items-center justify-center gap-1 text-xs font-medium",
                inMore ? "text-accent" : "text-muted hover:text-foreground",
              )}
              contentClassName="z-40 min-w-48 rounded-md border border-border bg-surface p-1 shadow-lg"
              items={more.map((id) => {
                const { label, icon: Icon } = SECTION_INFO[id];
                return {
                  key: id,
                  element: (
                    <a
                      {...linkTo(id)}
                      className={cn(
                        "flex h-11 items-center gap-3 rounded px-3 text-sm font-medium outline-none data-[highlighted]:bg-surface-2",
                        id === section ? "text-accent" : "text-foreground",
                      )}
                    >
                      <Icon className="h-5 w-5 shrink-0" aria-hidden />
                      {label}
                      {id === "messages" ? <UnreadCount count={unreadMessages} className="ml-auto" /> : null}
                    </a>
                  ),
                };
              })}
            >
              <Ellipsis className="h-5 w-5" aria-hidden />
              More
            </OnDemandMenu>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
