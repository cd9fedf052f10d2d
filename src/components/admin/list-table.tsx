import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/spinner";
import { ScrollRegion } from "@/components/admin/scroll-region";
import { cn } from "@/lib/cn";

export type Column<Row> = {
  header: string;
  /** Announced to screen readers only (an actions column needs no visible title). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  align?: "right";
  className?: string;
  /**
   * "low": a column the table can spare where space is short: shown from 2xl up (and on a phone's
   * card), hidden in between. 1280 px is already xl, and with the 240 px sidebar open the list has
   * under 1000 px, so the key columns alone must fit there.
   */
  priority?: "low";
};

type EmptyText = { title: string; hint?: string };

/** A list's icon and texts for when it is empty, kept beside its columns: one when a search or filter hides every row, one when there are none at all. */
export type ListEmptyTexts = { icon: LucideIcon; whenFiltered: EmptyText; whenNone: EmptyText };

/**
 * The admin lists' one table (clients, projects, invoices, bookings, inquiries, subscriptions, audit
 * log): a captioned <table> whose first column heads each row, keyed by each row's id.
 * - From md up, a table; its low-priority columns show only from 2xl up, so the key ones fit a
 *   1280 px laptop with the sidebar open. Where it is still wider than its card, it scrolls inside
 *   the card and says so (ScrollRegion), never widening the page.
 * - On a phone, the same rows restyled as stacked cards: the first cell as the card's title, each
 *   other cell under its column's name (drawn by CSS from `data-label`, so a cell's text stays its
 *   value), the actions at the bottom.
 * With no rows it shows the list's empty state instead: one text when filters hide every row,
 * another when there are none. Server and client components both render it.
 */
export function ListTable<Row extends { id: string | number }>({
  caption,
  columns,
  rows,
  minWidthClass = "md:min-w-[720px]",
  rowClassName,
  filtered,
  empty,
  emptyInstead,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  /** From md up, below this width the table scrolls inside its card rather than squeezing its columns (an `md:min-w-…` class). */
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
    <ScrollRegion label={caption}>
      <table className={cn("block w-full text-left text-sm md:table", minWidthClass)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-surface text-xs uppercase tracking-wide text-muted md:table-header-group">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn("px-4 py-3", column.align === "right" && "text-right", column.priority === "low" && "hidden 2xl:table-cell")}
              >
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-800 md:table-row-group">
          {rows.map((row) => (
            <tr key={String(row.id)} className={cn("block space-y-1 p-4 hover:bg-surface/60 md:table-row md:p-0", rowClassName)}>
              {columns.map((column, index) => {
                const className = cn(
                  "block min-w-0 break-words md:px-4 md:py-3",
                  column.align === "right" && "md:text-right",
                  column.priority === "low" ? "md:hidden 2xl:table-cell" : "md:table-cell",
                  column.className,
                );
                return index === 0 ? (
                  <th key={column.header} scope="row" className={cn("pb-1 text-base font-medium md:text-sm", className)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    data-label={column.hideHeader ? undefined : column.header}
                    className={cn(column.hideHeader ? "pt-2" : "phone-label", className)}
                  >
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
