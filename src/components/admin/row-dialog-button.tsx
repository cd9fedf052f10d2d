"use client";

import { type ReactNode, useState } from "react";

/**
 * A row's button that opens one of its dialogs (a project's report vault on the client page): an
 * icon and a word, named "<label>" for screen readers, the dialog mounted only while open.
 */
export function RowDialogButton({
  label,
  text,
  icon,
  dialog,
}: {
  /** The button's accessible name, e.g. "Reports of Apollo"; it starts with `text`. */
  label: string;
  text: string;
  icon: ReactNode;
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        className="inline-flex min-h-6 items-center gap-1 rounded-md p-2 text-xs font-medium text-muted hover:bg-surface-2 hover:text-accent"
      >
        {icon}
        {text}
      </button>
      {open ? dialog(() => setOpen(false)) : null}
    </>
  );
}
