import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { reports } from "./schema";

/** Whether a report was uploaded for the project, in the caller's own statement. */
export const projectHasReportsSql = (projectId: SQLWrapper) =>
  // Aliased by hand: in a one-table select drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(reports))} dependent where dependent.project_id = ${projectId})`;
