import "server-only";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { DbOrTx } from "./client";
import { AppError } from "../errors";

/**
 * Reads one row by its id and locks it (SELECT ... FOR UPDATE) for the rest of the transaction, so
 * a check on its current values and the write that follows cannot race another request.
 * An unknown id is a 404 with `notFound` as its message.
 */
export async function lockRowById<Fields extends SelectedFields>(
  tx: DbOrTx,
  table: PgTable & { id: PgColumn },
  id: string,
  notFound: string,
  fields: Fields,
) {
  // Over a table drizzle cannot name ahead, it loses the row's type; the fields chosen give it back.
  const rows = (await tx
    .select(fields)
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update")) as SelectResultFields<Fields>[];
  const row = rows[0];
  if (!row) throw new AppError("not_found", notFound);
  return row;
}
