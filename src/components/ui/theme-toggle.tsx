"use client";

import { Moon } from "lucide-react";

// The product is always dark (docs/PRODUCT.md#overview); the toggle exists but deliberately does nothing.
export function ThemeToggle() {
  return (
    <button
      type="button"
      aria-label="Theme: dark (always on)"
      title="Dark theme"
      className="rounded-md p-2 text-muted hover:bg-surface-2 hover:text-foreground"
      onClick={() => {}}
    >
      <Moon className="h-5 w-5" aria-hidden />
    </button>
  );
}
