import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "@/components/admin/data-table";
import { ListEmpty, type ListEmptyProps } from "@/components/admin/list-empty";

type ListTableProps<Row> = Omit<DataTableProps<Row>, "empty"> &
  ListEmptyProps & {
    /** Shown in place of the usual empty texts when set (a page past the last one, say). */
    emptyInstead?: ReactNode;
  };

/** An admin list's table with its empty state: one text when filters hide every row, another when there are none. */
export function ListTable<Row>({ filtered, icon, whenFiltered, whenNone, emptyInstead, ...table }: ListTableProps<Row>) {
  return <DataTable {...table} empty={emptyInstead ?? <ListEmpty filtered={filtered} icon={icon} whenFiltered={whenFiltered} whenNone={whenNone} />} />;
}
