import type { LucideIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/spinner";

type EmptyText = { title: string; hint?: string };

/** An admin list with no rows: one text when a search or filter hides every row, another when there are none at all. */
export type ListEmptyProps = { filtered: boolean } & ListEmptyTexts;

/** A list's icon and texts for when it is empty, kept beside its columns. */
export type ListEmptyTexts = { icon: LucideIcon; whenFiltered: EmptyText; whenNone: EmptyText };

export function ListEmpty({ filtered, icon: Icon, whenFiltered, whenNone }: ListEmptyProps) {
  const { title, hint } = filtered ? whenFiltered : whenNone;
  return <EmptyState title={title} hint={hint} icon={<Icon className="h-8 w-8" aria-hidden />} />;
}
