import { Icon } from "./icon";

// The product is always dark (docs/PRODUCT.md#overview); the toggle exists but deliberately does
// nothing, so it needs no script: a plain button, drawn on the server.
export function ThemeToggle() {
  return (
    <button
      type="button"
      aria-label="Theme: dark (always on)"
      title="Dark theme"
      className="rounded-md p-2 text-muted hover:bg-surface-2 hover:text-foreground"
    >
      <Icon name="Moon" className="h-5 w-5" />
    </button>
  );
}
