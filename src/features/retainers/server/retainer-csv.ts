import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { CsvColumn } from "@/server/core/csv/csv-response";
import type { DbOrTx } from "@/server/core/db/client";
import { keysetPages } from "@/server/core/db/export-pages";
import { retainers, timeEntries } from "./schema";
import { entryColumns } from "./columns";
import type { RetainerEntry } from "./retainer-read";

/** The columns of the retainer's time export (docs/PRODUCT.md#retainer-hours). */
export const RETAINER_EXPORT_COLUMNS: CsvColumn<RetainerEntry>[] = [
  { header: "Date", cell: (row) => row.workDate },
  { header: "Project", cell: (row) => row.project },
  { header: "Person", cell: (row) => row.person },
  { header: "Description", cell: (row) => row.description },
  { header: "Hours", cell: (row) => String(row.minutes / 60) },
  { header: "Billable", cell: (row) => (row.billable ? "Yes" : "No") },
  { header: "Overage", cell: (row) => (row.overage ? "Yes" : "No") },
];

/** Every time entry of the signed-in client's retainer, newest first, in keyset pages. */
export function exportRetainerEntries(db: DbOrTx, { actor }: { actor: ClientActor }): AsyncGenerator<RetainerEntry[]> {
  assertClient(actor);
  const retainerId = sql`(select ${retainers.id} from ${retainers} where ${retainers.clientId} = ${actor.clientId})`;
  return keysetPages<RetainerEntry, { workDate: string; id: string }>(
    (after, limit) =>
      db
        .select(entryColumns)
        .from(timeEntries)
        .where(
          and(
            eq(timeEntries.retainerId, retainerId),
            eq(timeEntries.clientId, actor.clientId),
            after ? sql`(${timeEntries.workDate}, ${timeEntries.id}) < (${after.workDate}::date, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(desc(timeEntries.workDate), desc(timeEntries.id))
        .limit(limit),
    (row) => ({ workDate: row.workDate, id: row.id }),
  );
}
