"use client";

import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { SECTION_LINKS, sectionHref } from "./nav-items";

const itemClass =
  "block rounded-md px-3 py-3 text-base font-medium text-slate-200 hover:bg-surface-2 hover:text-foreground";

/**
 * The small-screen menu: a disclosure button and a panel with the header's items. It closes after a
 * choice, on Escape (focus back on the button) and on a click outside; opening focuses the first item.
 */
export function MobileMenu({ blogUrl }: { blogUrl: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="md:hidden" data-menu-open={open}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-200 hover:bg-surface-2"
      >
        {open ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-slate-800 bg-background px-4 pb-4 pt-2 shadow-xl shadow-black/40"
      >
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <a href={sectionHref(link.id)} onClick={close} className={itemClass}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href={blogUrl} target="_blank" rel="noopener noreferrer" onClick={close} className={itemClass}>
                Blog<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li className="pt-2">
              <a
                href="/client-portal"
                onClick={close}
                className="block rounded-md bg-accent-strong px-3 py-3 text-center text-base font-semibold text-slate-950 hover:bg-accent"
              >
                Client Login
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
