"use client";

import {
  Activity,
  BriefcaseBusiness,
  CalendarClock,
  ChartColumn,
  Ellipsis,
  FileText,
  FolderKanban,
  Inbox,
  LayoutDashboard,
  MessageSquare,
  Receipt,
  Repeat,
  ScrollText,
  Settings,
  ShieldAlert,
  Timer,
  UserCog,
  Users,
} from "@/components/ui/sprite-icon";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { OnDemandMenu } from "@/components/ui/on-demand-menu";
import { cn } from "@/lib/cn";

export const ADMIN_NAV = [
  { href: "/admin/dashboard", label: "Dashboard", short: "Home", Icon: LayoutDashboard },
  { href: "/admin/clients", label: "Clients", short: "Clients", Icon: Users },
  { href: "/admin/projects", label: "Projects", short: "Projects", Icon: FolderKanban },
  { href: "/admin/subscriptions", label: "Subscriptions", short: "Subs", Icon: Repeat },
  { href: "/admin/documents", label: "Documents", short: "Docs", Icon: FileText },
  { href: "/admin/messages", label: "Messages", short: "Inbox", Icon: MessageSquare },
  { href: "/admin/account", label: "Account", short: "Account", Icon: UserCog },
] as const;

// The back office (docs/PRODUCT.md#admin-frame-and-navigation): in the sidebar, and under More in
// the phone's bottom bar.
export const ADMIN_NAV_BACK_OFFICE = [
  { href: "/admin/invoices", label: "Invoices", Icon: Receipt },
  { href: "/admin/engagements", label: "Engagements", Icon: BriefcaseBusiness },
  { href: "/admin/findings", label: "Findings", Icon: ShieldAlert },
  { href: "/admin/analytics", label: "Analytics", Icon: ChartColumn },
  { href: "/admin/inquiries", label: "Inquiries", Icon: Inbox },
  { href: "/admin/bookings", label: "Bookings", Icon: CalendarClock },
  { href: "/admin/retainers", label: "Retainers", Icon: Timer },
  { href: "/admin/audit", label: "Audit log", Icon: ScrollText },
  { href: "/admin/operations", label: "Operations", Icon: Activity },
  { href: "/admin/settings", label: "Settings", Icon: Settings },
] as const;

/** Counts shown next to sidebar entries (unread inquiries, unread threads, authorizations to counter-sign), by href. */
export type NavBadges = Partial<Record<string, number>>;

/** What a section's figure counts, read after it ("3 unread"); the Dashboard's is what waits for the firm. */
const BADGE_WORDS: Partial<Record<string, string>> = { "/admin/dashboard": "to counter-sign" };
const badgeWord = (href: string) => BADGE_WORDS[href] ?? "unread";

function Badge({ count, label, href }: { count: number | undefined; label: string; href: string }) {
  if (!count) return null;
  return (
    <span data-nav-badge={label} className="ml-auto rounded-full bg-accent-strong px-1.5 text-[11px] font-semibold text-slate-950">
      {count}
      <span className="sr-only"> {badgeWord(href)}</span>
    </span>
  );
}

function isActive(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`) || (href === "/admin/clients" && pathname.startsWith("/admin/client-rates"));
}

/** The desktop sidebar's links; labels hide when collapsed (icons keep an accessible name). */
export function SidebarNav({ collapsed, badges = {} }: { collapsed: boolean; badges?: NavBadges }) {
  const pathname = usePathname();
  return (
    <ul className="space-y-1">
      {[...ADMIN_NAV, ...ADMIN_NAV_BACK_OFFICE].map(({ href, label, Icon }) => {
        const active = isActive(pathname, href);
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={active ? "page" : undefined}
              title={collapsed ? label : undefined}
              className={cn(
                "flex items-center gap-3 rounded-md py-2 text-sm transition-colors",
                active ? "bg-cyan-500/15 text-accent" : "text-muted hover:bg-surface-2 hover:text-foreground",
                collapsed ? "justify-center px-2" : "px-3",
              )}
            >
              <Icon className="h-5 w-5 shrink-0" aria-hidden />
              <span className={cn(collapsed && "sr-only")}>{label}</span>
              {collapsed ? null : <Badge count={badges[href]} label={label} href={href} />}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The phone bar's tabs, by how often the work needs them; every other section is under More. */
const MOBILE_TABS: readonly string[] = ["/admin/dashboard", "/admin/clients", "/admin/projects", "/admin/documents", "/admin/messages"];

/**
 * The phone's bottom bar: the working sections most used as tabs, and **More**, a menu holding
 * every other section (the back office included), so the whole admin is a tap or two away on a
 * 390 px screen, as in the portal's bar. The menu is Radix's (arrow keys, Escape, focus back on
 * More, menu semantics), its code loaded when first opened (`OnDemandMenu`).
 */
export function MobileNav({ badges = {} }: { badges?: NavBadges }) {
  const pathname = usePathname();
  const all = [...ADMIN_NAV, ...ADMIN_NAV_BACK_OFFICE];
  const tabs = ADMIN_NAV.filter(({ href }) => MOBILE_TABS.includes(href));
  const more = all.filter(({ href }) => !MOBILE_TABS.includes(href));
  const open = more.find(({ href }) => isActive(pathname, href));
  return (
    <nav
      aria-label="Admin sections"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-800 bg-surface/95 backdrop-blur md:hidden"
    >
      <ul className="grid auto-cols-fr grid-flow-col">
        {tabs.map(({ href, short, label, Icon }) => {
          const active = isActive(pathname, href);
          return (
            <li key={href}>
              <Link
                href={href}
                // The name starts with the word shown (a short one names its section too), then the dot's count.
                aria-label={`${short}${short === label ? "" : ` (${label})`}${badges[href] ? `, ${badges[href]} ${badgeWord(href)}` : ""}`}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "relative flex flex-col items-center gap-0.5 py-2 text-[11px]",
                  active ? "text-accent" : "text-muted hover:text-foreground",
                )}
              >
                <Icon className="h-5 w-5" aria-hidden />
                <span aria-hidden>{short}</span>
                {/* The sidebar's figures (unread conversations, authorizations to counter-sign), as a dot read with the link. */}
                {badges[href] ? (
                  <span data-nav-badge={label} className="absolute right-1/4 top-1.5 h-2 w-2 rounded-full bg-accent-strong">
                    <span className="sr-only">
                      {badges[href]} {badgeWord(href)}
                    </span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
        <li>
          <OnDemandMenu
            // The section open under More, said where the bar cannot show it (the label starts with the visible word).
            label={open ? `More, ${open.label} open` : undefined}
            className={cn(
              "flex w-full flex-col items-center gap-0.5 py-2 text-[11px]",
              open ? "text-accent" : "text-muted hover:text-foreground",
            )}
            contentClassName="z-40 max-h-[70vh] min-w-48 overflow-y-auto rounded-md border border-slate-800 bg-surface p-1 shadow-lg"
            items={more.map(({ href, label, Icon }) => ({
              key: href,
              element: (
                <Link
                  href={href}
                  aria-current={isActive(pathname, href) ? "page" : undefined}
                  className={cn(
                    "flex h-11 items-center gap-3 rounded px-3 text-sm font-medium outline-none data-[highlighted]:bg-surface-2",
                    isActive(pathname, href) ? "text-accent" : "text-foreground",
                  )}
                >
                  <Icon className="h-5 w-5 shrink-0" aria-hidden />
                  {label}
                </Link>
              ),
            }))}
          >
            <Ellipsis className="h-5 w-5" aria-hidden />
            More
          </OnDemandMenu>
        </li>
      </ul>
    </nav>
  );
}
