import { THEME_BUTTON_ATTRIBUTE } from "@/lib/theme";
import { Icon } from "./icon";

const buttonClass = "theme-button rounded-md p-2 text-muted hover:bg-surface-2 hover:text-foreground";

// The header's theme switch (docs/PRODUCT.md#overview): two plain buttons drawn on the server, of
// which CSS shows the one that switches away from the current theme (globals.css). The inline
// theme script handles their clicks (src/lib/theme.ts), so they work before the header hydrates.
export function ThemeToggle() {
  return (
    <>
      <button
        type="button"
        {...{ [THEME_BUTTON_ATTRIBUTE]: "light" }}
        aria-label="Switch to light theme"
        title="Light theme"
        className={buttonClass}
      >
        <Icon name="Moon" className="h-5 w-5" />
      </button>
      <button
        type="button"
        {...{ [THEME_BUTTON_ATTRIBUTE]: "dark" }}
        aria-label="Switch to dark theme"
        title="Dark theme"
        className={buttonClass}
      >
        <Icon name="Sun" className="h-5 w-5" />
      </button>
    </>
  );
}
