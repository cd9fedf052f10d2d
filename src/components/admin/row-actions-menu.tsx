"use client";

import { MoreHorizontal } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useRef } from "react";
import { DropdownMenu } from "radix-ui";
import { buttonClasses } from "@/components/ui/button";

/** A menu item: a page to go to (`href`) or a dialog of the row to open (`onSelect`). */
export type RowAction = { label: string; icon: ReactNode } & ({ href: string } | { onSelect: () => void });

const ITEM =
  "flex h-10 w-full items-center gap-3 rounded px-3 text-left text-sm text-foreground outline-none data-[highlighted]:bg-surface-2";

/**
 * A list row's secondary actions gathered in one menu (docs/PRODUCT.md#admin-lists), so a row with
 * several fits a laptop's width: one button named "Actions for <row>", its items named in words.
 * Radix's menu: arrow keys, Escape, focus back on the button. An item that opens a dialog puts
 * focus on the button first, so the dialog hands it back there when it closes.
 */
export function RowActionsMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={trigger} aria-label={`Actions for ${name}`} title="More actions" className={buttonClasses("ghost", "sm")}>
        <MoreHorizontal className="h-4 w-4" aria-hidden />
      </DropdownMenu.Trigger>
      {/* In place, not in a portal: the menu stays inside its landmark (axe: "region"). */}
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        collisionPadding={8}
        className="z-40 min-w-44 rounded-md border border-slate-800 bg-surface p-1 shadow-lg"
      >
        {actions.map((action) =>
          "href" in action ? (
            <DropdownMenu.Item key={action.label} asChild>
              <Link href={action.href} className={ITEM}>
                {action.icon}
                {action.label}
              </Link>
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item
              key={action.label}
              className={ITEM}
              onSelect={() => {
                trigger.current?.focus();
                action.onSelect();
              }}
            >
              {action.icon}
              {action.label}
            </DropdownMenu.Item>
          ),
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
