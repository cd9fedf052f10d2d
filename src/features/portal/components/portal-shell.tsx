"use client";

import { ChevronsLeft, ChevronsRight, ShieldCheck } from "@/components/ui/sprite-icon";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { LogoutButton } from "@/features/account/components/sign-in/logout-button";
import { SsoStepUpVerdict } from "@/features/identity/components/sso-step-up-verdict";
import { cn } from "@/lib/cn";
import { ViewAsBanner } from "./view-as-banner";
import { PortalMobileBar } from "./portal-mobile-bar";
import { UnreadCount } from "./unread-count";
import { PORTAL_SECTIONS, type PortalSection, SECTION_INFO, sectionHref } from "@/components/portal/portal-sections-config";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";

/** Header, collapsible desktop sidebar, mobile bottom bar (PortalMobileBar); the section content is `children`. */
export function PortalShell({
  brand,
  email,
  viewingAs,
  hiddenSections = [],
  unreadMessages,
  children,
}: {
  brand: string;
  email: string;
  viewingAs?: string;
  hiddenSections?: PortalSection[];
  /** The person's unread messages, shown next to Messages when it arrives. */
  unreadMessages?: Promise<number>;
  children: ReactNode;
}) {
  const shown = (id: PortalSection) => !hiddenSections.includes(id);
  const { section, linkHandler } = usePortalNavigation();
  const [collapsed, setCollapsed] = useState(false);
  // What the sidebar's and the bottom bar's link to a section share.
  const linkTo = (id: PortalSection) => ({
    href: sectionHref(id),
    onClick: linkHandler(id),
    "aria-current": id === section ? ("page" as const) : undefined,
  });

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#portal-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {viewingAs ? <ViewAsBanner company={viewingAs} /> : null}
      <header className="z-30 border-b border-border bg-background/95 backdrop-blur md:sticky md:top-0">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3 md:px-6">
          <div className="min-w-0">
            <Link href="/" className="flex items-center gap-2 font-bold text-foreground">
              <ShieldCheck className="h-6 w-6 shrink-0 text-accent" aria-hidden />
              <span className="truncate">{brand}</span>
            </Link>
            <p className="mt-0.5 text-xs text-muted sm:text-sm">Manage your {brand} services and account</p>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <span className="min-w-0 max-w-[16rem] truncate text-sm text-muted" title={email}>
              {email}
            </span>
            {/* Signing out while viewing would end the admin's own session: Exit in the banner instead. */}
            {viewingAs ? null : <LogoutButton redirectTo="/client-portal" />}
          </div>
        </div>
      </header>

      <div className="flex flex-1">
        <nav
          id="portal-sidebar"
          aria-label="Portal sections"
          className={cn(
            "sticky top-[4.25rem] hidden h-[calc(100vh-4.25rem)] shrink-0 flex-col border-r border-border bg-surface/60 p-3 transition-[width] md:flex",
            collapsed ? "w-[4.25rem]" : "w-60",
          )}
        >
          <button
            type="button"
            onClick={() => setCollapsed((value) => !value)}
            aria-expanded={!collapsed}
            aria-controls="portal-sidebar-links"
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            title={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            className="mb-3 flex h-9 items-center justify-center self-end rounded-md px-2 text-muted hover:bg-surface-2 hover:text-foreground"
          >
            {collapsed ? <ChevronsRight className="h-5 w-5" aria-hidden /> : <ChevronsLeft className="h-5 w-5" aria-hidden />}
          </button>
          <ul id="portal-sidebar-links" className="space-y-1">
            {PORTAL_SECTIONS.filter(shown).map((id) => {
              const { label, icon: Icon } = SECTION_INFO[id];
              return (
                <li key={id}>
                  <a
                    {...linkTo(id)}
                    title={collapsed ? label : undefined}
                    className={cn(
                      "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors",
                      id === section ? "bg-accent/15 text-accent" : "text-muted hover:bg-surface-2 hover:text-foreground",
                    )}
                  >
                    <Icon className="h-5 w-5 shrink-0" aria-hidden />
                    <span className={cn(collapsed && "sr-only")}>{label}</span>
                    {id === "messages" ? <UnreadCount count={unreadMessages} className={cn("ml-auto", collapsed && "sr-only")} /> : null}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>

        <main id="portal-main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none px-4 pb-28 pt-6 md:px-8 md:pb-12">
          <SsoStepUpVerdict />
          {children}
        </main>
      </div>

      <PortalMobileBar section={section} shown={shown} linkTo={linkTo} unreadMessages={unreadMessages} />
    </div>
  );
}
