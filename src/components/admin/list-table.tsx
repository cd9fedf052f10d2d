import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "@/components/admin/data-table";
import { ListEmpty, type ListEmptyTexts } from "@/components/admin/list-empty";

type ListTableProps<Row> = Omit<DataTableProps<Row>, "empty" | "rowKey"> & {
  /** A search or filter is on: an empty list then says so rather than that there is nothing yet. */
  filtered: boolean;
  empty: ListEmptyTexts;
  /** Shown in place of the usual empty texts when set (a page past the last one, say). */
  emptyInstead?: ReactNode;
};

/**
 * An admin list's table with its empty state: one text when filters hide every row, another when
 * there are none. Every admin list row is a record with an id, which keys its table row.
 */
export function ListTable<Row extends { id: string | number }>({ filtered, empty, emptyInstead, ...table }: ListTableProps<Row>) {
  return <DataTable {...table} rowKey={(row) => String(row.id)} empty={emptyInstead ?? <ListEmpty filtered={filtered} {...empty} />} />;
}
