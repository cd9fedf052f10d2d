import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { reports } from "./schema";

/** Whether a report was uploaded for the project, in the caller's own statement. */
export const projectHasReportsSql = (projectId: SQLWrapper) =>
  // Aliased by hand: in a one-table select drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(reports))} dependent where dependent.project_id = ${projectId})`;

/** How many report versions the project's vault holds, revoked and superseded ones included. */
const projectReportVersionsSql = (projectId: SQLWrapper) =>
  sql<number>`(select count(*) from ${sql.identifier(getTableName(reports))} versions where versions.project_id = ${projectId})`;

/** What the findings slice's Engagements list reads of a project's reports, in its one statement: handed in by its page. */
export const engagementReportsSql = { has: projectHasReportsSql, versions: projectReportVersionsSql };

/**
 * The project's entries in its timeline (the projects slice's one statement, as `kind, at, title,
 * detail, ref_id`): each version published, and withdrawn.
 */
export const reportTimelineSql = ({ id, clientId }: { id: string; clientId: string }) => sql`
      select 'report', ${reports.publishedAt}, 'Report published: ' || ${reports.title}, 'Version ' || ${reports.version}, null
        from ${reports} where ${reports.projectId} = ${id} and ${reports.clientId} = ${clientId}
      union all
      select 'report', ${reports.revokedAt}, 'Report withdrawn: ' || ${reports.title}, 'Version ' || ${reports.version}, null
        from ${reports} where ${reports.projectId} = ${id} and ${reports.clientId} = ${clientId} and ${reports.revokedAt} is not null`;
