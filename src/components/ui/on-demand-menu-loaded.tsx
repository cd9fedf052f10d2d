"use client";

import { useEffect, useRef } from "react";
import { DropdownMenu } from "radix-ui";
import type { OnDemandMenuProps } from "./on-demand-menu";

/**
 * The menu itself, Radix's (arrow keys, Escape, focus back on the trigger, menu semantics), loaded
 * by `OnDemandMenu` when the person first opens it. It mounts open, in place of the trigger that
 * stood for it; opened from the keyboard, it starts on its first item as Radix does.
 */
export function LoadedMenu({
  label,
  className,
  children,
  contentClassName,
  items,
  firstItemFocused,
}: OnDemandMenuProps & { firstItemFocused: boolean }) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Radix knows a keyboard opening only from keys pressed while it was mounted; this one was
    // pressed on the stand-in trigger. Its own focus on the menu has run by now (a child's effect).
    if (firstItemFocused) content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [firstItemFocused]);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger aria-label={label} className={className}>
        {children}
      </DropdownMenu.Trigger>
      {/* In place, not in a portal: the menu stays inside its landmark (axe: "region"). */}
      <DropdownMenu.Content side="top" align="end" sideOffset={6} collisionPadding={8} className={contentClassName} ref={content}>
        {items.map(({ key, element }) => (
          <DropdownMenu.Item key={key} asChild>
            {element}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
