import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { retainerOverageRequests, timeEntries } from "./schema";

// Aliased by hand: in a one-table select drizzle leaves column names unqualified.
const hasRowOf = (table: typeof timeEntries | typeof retainerOverageRequests, projectId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(table))} dependent where dependent.project_id = ${projectId})`;

/** Whether retainer time was logged against the project, in the caller's own statement. */
export const projectHasTimeEntriesSql = (projectId: SQLWrapper) => hasRowOf(timeEntries, projectId);

/** Whether an overage was requested for the project, in the caller's own statement. */
export const projectHasOverageRequestsSql = (projectId: SQLWrapper) => hasRowOf(retainerOverageRequests, projectId);
