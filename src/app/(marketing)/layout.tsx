import type { Metadata } from "next";
import type { ReactNode } from "react";
import { HydrateWhenIdle } from "@/components/marketing/hydrate-when-idle";
import { SiteFooter } from "@/components/marketing/site-footer";
import { RenderAfter } from "@/components/marketing/render-after";
import { SiteHeader } from "@/components/marketing/site-header";
import { parseEnv } from "@/config/env-schema.mjs";

// The landing and legal pages are prerendered once, at build time, and never rendered again: their
// Content-Security-Policy lists the hashes of the scripts in that HTML (src/lib/csp.ts), so they
// have no `revalidate`. The footer's year follows the calendar in the browser (CurrentYear).

// Absolute URLs in Open Graph tags need the public base URL; static pages take it at build time.
export const metadata: Metadata = { metadataBase: new URL(parseEnv(process.env).appUrl) };

export default function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-accent-strong focus:px-4 focus:py-2 focus:font-semibold focus:text-slate-950"
      >
        Skip to content
      </a>
      {/* The header appears whole: its buttons are right-aligned, so each arriving one would move the others. */}
      <RenderAfter id="main-content" />
      <HydrateWhenIdle>
        <SiteHeader />
      </HydrateWhenIdle>
      {children}
      <HydrateWhenIdle>
        <SiteFooter />
      </HydrateWhenIdle>
    </>
  );
}
