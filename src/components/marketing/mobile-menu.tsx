"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * The small-screen menu: a disclosure button and a panel with the header's items (rendered on the
 * server: children, and the two icons). It closes after a choice, on Escape (focus back on the
 * button) and on a click outside; opening focuses the first item.
 */
export function MobileMenu({ openIcon, closeIcon, children }: { openIcon: ReactNode; closeIcon: ReactNode; children: ReactNode }) {
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
        {open ? closeIcon : openIcon}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        // Any choice (a link) closes the menu; the click then does its usual work.
        onClick={(event) => (event.target as Element).closest("a") && setOpen(false)}
        className="absolute inset-x-0 top-16 border-b border-slate-800 bg-background px-4 pb-4 pt-2 shadow-xl shadow-black/40"
      >
        {children}
      </div>
    </div>
  );
}
