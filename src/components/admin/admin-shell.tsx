"use client";

import { ChevronsLeft, ChevronsRight, ShieldCheck } from "@/components/ui/sprite-icon";
import Link from "next/link";
import { type ReactNode, useEffect, useState } from "react";
import { ToastProvider } from "@/components/ui/toast";
import { cn } from "@/lib/cn";
import { MobileNav, type NavBadges, SidebarNav } from "./admin-nav";

const COLLAPSED_KEY = "admin-sidebar-collapsed";

/** The admin frame: header (ADMIN badge, Logout), collapsible desktop sidebar, phone bottom bar. */
export function AdminShell({
  brand,
  email,
  badges,
  logout,
  children,
}: {
  brand: string;
  email: string;
  badges?: NavBadges;
  /** The account slice's logout button (the layout passes it: a frame imports no slice). */
  logout: ReactNode;
  children: ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    // A UI preference only; read after hydration so server and client render the same markup first.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCollapsed(window.localStorage.getItem(COLLAPSED_KEY) === "1");
  }, []);
  const toggle = () => {
    setCollapsed((value) => {
      window.localStorage.setItem(COLLAPSED_KEY, value ? "0" : "1");
      return !value;
    });
  };

  return (
    <div className="min-h-screen">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-800 bg-background/95 px-4 backdrop-blur">
        <Link href="/admin/dashboard" className="flex min-w-0 items-center gap-2 font-semibold">
          <ShieldCheck className="h-6 w-6 shrink-0 text-accent" aria-hidden />
          <span className="truncate">{brand}</span>
        </Link>
        <span className="rounded bg-red-500/15 px-2 py-0.5 text-xs font-bold tracking-wider text-red-300">ADMIN</span>
        <span className="ml-auto hidden truncate text-sm text-muted sm:inline">{email}</span>
        {logout}
      </header>
      <div className="flex min-h-[calc(100vh-3.5rem)]">
        {/* The column carries the background and border, stretched to the whole page's height; the
            navigation inside it stays in view as the page scrolls. */}
        <div
          data-testid="admin-sidebar-column"
          className={cn("hidden shrink-0 border-r border-slate-800 bg-surface/60 transition-[width] md:block", collapsed ? "w-16" : "w-60")}
        >
          <aside aria-label="Admin navigation" className="sticky top-14 flex h-[calc(100vh-3.5rem)] flex-col p-3">
            <button
              type="button"
              onClick={toggle}
              aria-expanded={!collapsed}
              aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              className="mb-3 flex items-center justify-center self-end rounded-md p-1.5 text-muted hover:bg-surface-2 hover:text-foreground"
            >
              {collapsed ? <ChevronsRight className="h-5 w-5" aria-hidden /> : <ChevronsLeft className="h-5 w-5" aria-hidden />}
            </button>
            <nav aria-label="Admin sections">
              <SidebarNav collapsed={collapsed} badges={badges} />
            </nav>
            {collapsed ? null : (
              <div className="mt-auto rounded-lg border border-cyan-500/30 bg-cyan-500/5 p-3 text-xs text-muted">
                <p className="font-semibold text-accent">Integration</p>
                <p className="mt-1">Square payments: connect your account on the dashboard to sync invoices and manage subscriptions.</p>
              </div>
            )}
          </aside>
        </div>
        <main id="admin-main" className="min-w-0 flex-1 px-4 pb-24 pt-6 md:px-8 md:pb-10">
          <ToastProvider>{children}</ToastProvider>
        </main>
      </div>
      <MobileNav badges={badges} />
    </div>
  );
}
