import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { attestationLetters } from "./schema";

/** Whether a letter was issued for the project, in the caller's own statement. */
export const projectHasLettersSql = (projectId: SQLWrapper) =>
  // Aliased by hand: in a one-table select drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(attestationLetters))} dependent where dependent.project_id = ${projectId})`;
