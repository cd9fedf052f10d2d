import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { engagementAuthorizations } from "./schema";

/** Whether an authorization version was made for the project, in the caller's own statement. */
export const projectHasAuthorizationsSql = (projectId: SQLWrapper) =>
  // Aliased by hand: in a one-table select drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(engagementAuthorizations))} dependent where dependent.project_id = ${projectId})`;
