import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";

export type Column<Row> = {
  header: string;
  /** Announced to screen readers only (an actions column needs no visible title). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  align?: "right";
  className?: string;
};

type EmptyText = { title: string; hint?: string };

/** A list's icon and texts for when it is empty, kept beside its columns: one when a search or filter hides every row, one when there are none at all. */
export type ListEmptyTexts = { icon: LucideIcon; whenFiltered: EmptyText; whenNone: EmptyText };

/**
 * The admin lists' one table (clients, projects, bookings, inquiries, subscriptions, audit log): a
 * captioned <table> whose first column heads each row, keyed by each row's id. On a narrow screen
 * the table scrolls sideways inside its own card, never the page; the card is a focusable, named
 * region so the keyboard can scroll it too. It is positioned so that it also clips visually hidden
 * (absolutely positioned) headers: without that a hidden header at the far right widened the whole
 * page on a phone. With no rows it shows the list's empty state instead: one text when filters
 * hide every row, another when there are none.
 * Server and client components both render it (it holds no state).
 */
export function ListTable<Row extends { id: string | number }>({
  caption,
  columns,
  rows,
  minWidthClass = "min-w-[720px]",
  rowClassName,
  filtered,
  empty,
  emptyInstead,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  /** Below this width the table scrolls inside its card rather than squeezing its columns. */
  minWidthClass?: string;
  rowClassName?: string;
  /** A search or filter is on: an empty list then says so rather than that there is nothing yet. */
  filtered: boolean;
  empty: ListEmptyTexts;
  /** Shown in place of the usual empty texts when set (a page past the last one, say). */
  emptyInstead?: ReactNode;
}) {
  if (rows.length === 0) {
    if (emptyInstead !== undefined && emptyInstead !== null) return <>{emptyInstead}</>;
    const { title, hint } = filtered ? empty.whenFiltered : empty.whenNone;
    const Icon = empty.icon;
    return <EmptyState title={title} hint={hint} icon={<Icon className="h-8 w-8" aria-hidden />} />;
  }
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-xl border border-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent"
    >
      <table className={cn("w-full text-left text-sm", minWidthClass)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn("px-4 py-3", column.align === "right" && "text-right")}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {rows.map((row) => (
            <tr key={String(row.id)} className={cn("hover:bg-surface/60", rowClassName)}>
              {columns.map((column, index) => {
                const className = cn("px-4 py-3", column.align === "right" && "text-right", column.className);
                return index === 0 ? (
                  <th key={column.header} scope="row" className={cn("font-medium", className)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
