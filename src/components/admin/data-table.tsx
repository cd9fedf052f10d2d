import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type Column<Row> = {
  header: string;
  /** Announced to screen readers only (an actions column needs no visible title). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  align?: "right";
  className?: string;
};

export type DataTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** Below this width the table scrolls inside its card rather than squeezing its columns. */
  minWidthClass?: string;
  rowClassName?: string;
};

/**
 * The admin lists' table (clients, projects, subscriptions): a captioned <table> whose first
 * column heads each row. On a narrow screen the table scrolls sideways inside its own card, never
 * the page; the card is a focusable, named region so the keyboard can scroll it too. It is
 * positioned so that it also clips visually hidden (absolutely positioned) headers: without that
 * a hidden header at the far right widened the whole page on a phone.
 * Server and client components both render it (it holds no state).
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty, minWidthClass = "min-w-[720px]", rowClassName }: DataTableProps<Row>) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="relative max-w-full overflow-x-auto rounded-xl border border-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent">
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
            <tr key={rowKey(row)} className={cn("hover:bg-surface/60", rowClassName)}>
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
