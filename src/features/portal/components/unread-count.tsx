"use client";

import { Suspense, use } from "react";
import { cn } from "@/lib/cn";

function Count({ count, className }: { count: Promise<number>; className?: string }) {
  const n = use(count);
  if (!n) return null;
  return (
    <span data-unread-count className={cn("rounded-full bg-accent px-1.5 text-[11px] font-semibold leading-4 text-slate-950", className)}>
      {n}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * The person's unread messages next to Messages (docs/PRODUCT.md#portal-frame-and-navigation):
 * the page reads the figure beside the section and the badge shows once it has arrived.
 */
export function UnreadCount({ count, className }: { count: Promise<number> | undefined; className?: string }) {
  if (!count) return null;
  return (
    <Suspense fallback={null}>
      <Count count={count} className={className} />
    </Suspense>
  );
}
