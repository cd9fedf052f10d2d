"use client";

import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { cn } from "@/lib/cn";
import { type FocusReturn, noteFocusReturn, returnFocus } from "./return-focus";

const WIDTHS = { md: "max-w-md", lg: "max-w-lg", "2xl": "max-w-2xl", "3xl": "max-w-3xl" } as const;
export type DialogWidth = keyof typeof WIDTHS;

/** Accessible modal (Radix): focus trap, Escape to close, labelled by its title. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  width = "2xl",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** The most it takes of a wide screen (on a phone: the screen less a margin). */
  width?: DialogWidth;
}) {
  const focusReturn = useRef<FocusReturn | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <RadixDialog.Content
          className={cn(
            "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-700 bg-surface p-6 shadow-xl",
            WIDTHS[width],
          )}
          onOpenAutoFocus={() => {
            focusReturn.current = noteFocusReturn();
          }}
          // Focus goes back where the person was, even when the change removed the trigger (return-focus.ts).
          onCloseAutoFocus={(event) => {
            const noted = focusReturn.current;
            if (!noted) return;
            event.preventDefault();
            returnFocus(noted);
          }}
          // Escape in an open combobox (the client picker) closes its list, not the dialog.
          onEscapeKeyDown={(event) => {
            const target = event.target;
            const open =
              target instanceof HTMLElement &&
              target.getAttribute("role") === "combobox" &&
              (target.getAttribute("aria-expanded") === "true" || target.dataset.open === "true");
            if (open) event.preventDefault();
          }}
          // Without a description, tell Radix there is none on purpose (it warns otherwise).
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description> : null}
            </div>
            <RadixDialog.Close className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground" aria-label="Close">
              <X className="h-5 w-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
