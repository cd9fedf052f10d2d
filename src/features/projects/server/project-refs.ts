import "server-only";
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { ACTIVE_PROJECT_STATUSES, type ProjectStatus } from "@/lib/domain/project-status";
import type { DbOrTx } from "@/server/core/db/client";
import { oneOf } from "@/server/core/db/schema/one-of";
import { projects } from "./schema";
import { companyNameSql } from "@/features/clients/server";

// What other slices ask of an engagement they hold a project id of. Most answers are SQL the caller
// embeds in its own statement (a join on a subquery, or a sub-select on the primary key), so a
// screen's number of statements does not change; the rest read one project by id. Each fragment
// is wrapped in an outer sql`` so its columns are never top-level chunks (see the clients' refs).
const wrapped = <T>(inner: SQL) => sql<T>`${inner}`;

/**
 * The engagement's name for the project id `projectId` holds (a column of the caller's query); with
 * `clientId`, only when the engagement is that client's (null for a stale link to another's).
 */
export const projectNameSql = (projectId: SQLWrapper, clientId?: SQLWrapper) =>
  wrapped<string>(
    sql`(select ${projects.projectName} from ${projects} where ${projects.id} = ${projectId}${
      clientId === undefined ? sql`` : sql` and ${projects.clientId} = ${clientId}`
    })`,
  );

/**
 * A row keyed to a project belongs to a client only while the project itself is that client's:
 * every portal read and the sign route add this to their own `client_id` test, so a row whose
 * copied `client_id` went stale (a project moved, a hand edit) widens nobody's access
 * (docs/PRODUCT.md#admin-projects). Written with its own alias: in a one-table select drizzle
 * leaves column names unqualified.
 */
export const inClientProject = (projectId: SQLWrapper, clientId: string): SQL =>
  sql`exists (select 1 from projects tenancy_p where tenancy_p.id = ${projectId} and tenancy_p.client_id = ${clientId})`;

/** How many engagements are in progress or on hold: every client's, or one client's. */
export const activeProjectCountSql = (clientId?: string) =>
  wrapped<number>(
    sql`(select count(*) from ${projects} where ${and(clientId === undefined ? undefined : eq(projects.clientId, clientId), oneOf(projects.status, ACTIVE_PROJECT_STATUSES))})::int`,
  ).mapWith(Number);

/**
 * The engagements' facts (client, name, status, description, dates, whether testing waits for a
 * signed authorization), as a subquery the caller joins on `projectId` or selects from, in its own statement.
 */
export const projectFacts = (db: DbOrTx) =>
  db
    .select({
      projectId: projects.id,
      clientId: projects.clientId,
      projectName: projects.projectName,
      status: projects.status,
      description: projects.description,
      startDate: projects.startDate,
      targetCompletionDate: projects.targetCompletionDate,
      authorizationRequired: projects.authorizationRequired,
    })
    .from(projects)
    .as("project_facts");

export type ProjectRef = {
  id: string;
  clientId: string;
  projectName: string;
  status: ProjectStatus;
  description: string | null;
  startDate: string;
  targetCompletionDate: string | null;
  authorizationRequired: boolean;
};

const refColumns = {
  id: projects.id,
  clientId: projects.clientId,
  projectName: projects.projectName,
  status: projects.status,
  description: projects.description,
  startDate: projects.startDate,
  targetCompletionDate: projects.targetCompletionDate,
  authorizationRequired: projects.authorizationRequired,
};

/** One engagement, or null when there is none; with `clientId`, null too when it is another client's. */
export async function findProject(db: DbOrTx, projectId: string, clientId?: string): Promise<ProjectRef | null> {
  const [row] = await db
    .select(refColumns)
    .from(projects)
    .where(and(eq(projects.id, projectId), clientId === undefined ? undefined : eq(projects.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

/** A client's engagements (id, name, status), by name. */
export async function listClientProjectRefs(db: DbOrTx, clientId: string): Promise<{ id: string; name: string; status: ProjectStatus }[]> {
  return db
    .select({ id: projects.id, name: projects.projectName, status: projects.status })
    .from(projects)
    .where(eq(projects.clientId, clientId))
    .orderBy(projects.projectName);
}

/**
 * Locks one engagement's row until the transaction ends, so writes that must see each other about
 * the same engagement take turns; with its company's name, or null when there is none. With
 * `clientId`, another client's engagement is neither locked nor returned.
 */
export async function lockProject(tx: DbOrTx, projectId: string, clientId?: string): Promise<(ProjectRef & { company: string }) | null> {
  const [row] = await tx
    .select({ ...refColumns, company: companyNameSql(projects.clientId) })
    .from(projects)
    .where(and(eq(projects.id, projectId), clientId === undefined ? undefined : eq(projects.clientId, clientId)))
    .for("update", { of: projects })
    .limit(1);
  return row ?? null;
}
