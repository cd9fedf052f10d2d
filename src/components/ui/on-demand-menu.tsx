"use client";

import { type ComponentType, type ReactElement, type ReactNode, useRef, useState } from "react";

export type OnDemandMenuProps = {
  /** The trigger's accessible name when it differs from its text ("More, Invoices open"). */
  label?: string;
  className: string;
  /** The trigger's content (icon and word). */
  children: ReactNode;
  contentClassName: string;
  /** Each entry a link, made a menu item as it is (Radix's `asChild`). */
  items: { key: string; element: ReactElement }[];
};

type Loaded = ComponentType<OnDemandMenuProps & { firstItemFocused: boolean }>;

/**
 * A phone bar's **More** menu whose code (Radix's menu and its positioning, about a sixth of a
 * screen's JavaScript) loads when the person first reaches for it, not with every page: until
 * then a plain button with the same look and name stands for its trigger. The code is fetched as
 * a finger or the focus comes near, and the menu opens once it has arrived; from then on it is
 * Radix's menu alone.
 */
export function OnDemandMenu(props: OnDemandMenuProps) {
  const [menu, setMenu] = useState<{ Menu: Loaded; firstItemFocused: boolean } | null>(null);
  const loading = useRef<Promise<Loaded> | null>(null);
  const load = () => {
    loading.current ??= import("./on-demand-menu-loaded").then(
      (module) => module.LoadedMenu,
      (error: unknown) => {
        // Offline or a new deployment: the next touch asks again.
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  const prefetch = () => void load().catch(() => {});

  if (menu) return <menu.Menu {...props} firstItemFocused={menu.firstItemFocused} />;
  const { label, className, children } = props;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={label}
      className={className}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={(event) => {
        // A click the keyboard made (Enter, Space) has no pointer detail.
        const firstItemFocused = event.detail === 0;
        load().then(
          (Menu) => setMenu({ Menu, firstItemFocused }),
          () => {},
        );
      }}
    >
      {children}
    </button>
  );
}
