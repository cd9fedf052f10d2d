import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { messageThreads } from "./schema";

/** Whether a conversation was opened about the project, in the caller's own statement. */
export const projectHasThreadsSql = (projectId: SQLWrapper) =>
  // Aliased by hand: in a one-table select drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(messageThreads))} dependent where dependent.project_id = ${projectId})`;
