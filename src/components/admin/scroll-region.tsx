"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";

/**
 * A box that scrolls sideways when what it holds is wider than it, and says so: a fade on the edge
 * that has more to show, "(scrolls sideways)" in its name, and `data-scrolls="x"` (the layout
 * browser test accepts a wide box only when it carries that mark). It is a focusable region so the
 * keyboard can scroll it too. Measured after layout (and again on resize), so the server renders it
 * as not scrolling.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ scrolls: false, left: false, right: false });

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const scrolls = box.scrollWidth > box.clientWidth + 1;
      const next = {
        scrolls,
        left: scrolls && box.scrollLeft > 1,
        right: scrolls && box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
      };
      setEdges((prev) => (prev.scrolls === next.scrolls && prev.left === next.left && prev.right === next.right ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", measure);
    };
  }, []);

  return (
    <div className={cn("relative", className)}>
      <div
        ref={ref}
        role="region"
        aria-label={edges.scrolls ? `${label} (scrolls sideways)` : label}
        tabIndex={0}
        data-scrolls={edges.scrolls ? "x" : undefined}
        // Positioned, so that it also clips visually hidden (absolutely positioned) headers: without
        // that a hidden header at the far right widened the whole page on a phone.
        className="relative max-w-full overflow-x-auto rounded-xl border border-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent"
      >
        {children}
      </div>
      <div
        aria-hidden
        className={cn(
          "pointer-events-none absolute inset-y-px left-px w-8 rounded-l-xl bg-linear-to-r from-background to-transparent transition-opacity",
          edges.left ? "opacity-100" : "opacity-0",
        )}
      />
      <div
        aria-hidden
        className={cn(
          "pointer-events-none absolute inset-y-px right-px w-8 rounded-r-xl bg-linear-to-l from-background to-transparent transition-opacity",
          edges.right ? "opacity-100" : "opacity-0",
        )}
      />
    </div>
  );
}
