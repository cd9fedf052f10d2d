import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type SectionNavItem = { id: string; label: string; href: string };

/**
 * A long settings page in sections, each its own address (docs/PRODUCT.md#portal-settings,
 * docs/PRODUCT.md#admin-settings): a side list beside the section on a wide screen, a grid of
 * links above it on a phone. The links are the only navigation: keyboard users tab through them,
 * and the current one is `aria-current="page"`.
 */
export function SectionNav({
  label,
  items,
  current,
  children,
}: {
  /** The navigation's name for assistive technology, e.g. "Settings sections". */
  label: string;
  items: SectionNavItem[];
  current: string;
  /** The current section's cards. */
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
      <nav aria-label={label} className="md:sticky md:top-20 md:self-start">
        <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 md:grid-cols-1">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                href={item.href}
                aria-current={item.id === current ? "page" : undefined}
                className={cn(
                  "flex min-h-10 items-center rounded-md px-3 py-2 text-sm font-medium transition-colors",
                  item.id === current ? "bg-accent/15 text-accent" : "text-muted hover:bg-surface-2 hover:text-foreground",
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* One width for every card of a section, whatever width each card asks for on its own. Not a
          landmark of its own: its cards are (a region named like the section would repeat theirs). */}
      <div data-section-panel={current} className="min-w-0 max-w-3xl space-y-6 *:max-w-none!">
        {children}
      </div>
    </div>
  );
}
