"use client";

import { MoreHorizontal } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { DropdownMenu } from "radix-ui";
import { buttonClasses } from "@/components/ui/button";

export type RowAction = { label: string; href: string; icon: ReactNode };

/**
 * A list row's secondary actions gathered in one menu (docs/PRODUCT.md#admin-lists), so a row with
 * several fits a laptop's width: one button named "Actions for <row>", opening links as menu items.
 * Radix's menu: arrow keys, Escape, focus back on the button.
 */
export function RowActionsMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={`Actions for ${name}`} title="More actions" className={buttonClasses("ghost", "sm")}>
        <MoreHorizontal className="h-4 w-4" aria-hidden />
      </DropdownMenu.Trigger>
      {/* In place, not in a portal: the menu stays inside its landmark (axe: "region"). */}
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        collisionPadding={8}
        className="z-40 min-w-44 rounded-md border border-slate-800 bg-surface p-1 shadow-lg"
      >
        {actions.map((action) => (
          <DropdownMenu.Item key={action.href} asChild>
            <Link
              href={action.href}
              className="flex h-10 items-center gap-3 rounded px-3 text-sm text-foreground outline-none data-[highlighted]:bg-surface-2"
            >
              {action.icon}
              {action.label}
            </Link>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
