import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { engagementAuthorizationSignatures, engagementAuthorizations } from "./schema";

/** Whether an authorization version was made for the project, in the caller's own statement. */
export const projectHasAuthorizationsSql = (projectId: SQLWrapper) =>
  // Aliased by hand: in a one-table select drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(engagementAuthorizations))} dependent where dependent.project_id = ${projectId})`;

/**
 * The project's newest authorization version (made for its company) was sent and no owner signed
 * it yet, in the caller's statement on the project's row (the projects slice's cards and "to sign").
 */
export function awaitingSignatureSql(project: { id: SQLWrapper; clientId: SQLWrapper }) {
  const versions = sql.identifier(getTableName(engagementAuthorizations));
  const signatures = sql.identifier(getTableName(engagementAuthorizationSignatures));
  // Aliased by hand and the project's columns wrapped: in a one-table select drizzle leaves a bare
  // column unqualified, and the project's `id` would then name the version's.
  return sql<boolean>`exists (select 1 from ${versions} v
    where v.project_id = ${sql`${project.id}`} and v.client_id = ${sql`${project.clientId}`} and v.sent_at is not null
      and v.version = (select max(v2.version) from ${versions} v2 where v2.project_id = v.project_id)
      and not exists (select 1 from ${signatures} s where s.authorization_id = v.id and s.side = 'client'))`.mapWith(Boolean);
}

/**
 * The project's entries in its timeline (the projects slice's one statement, as `kind, at, title,
 * detail, ref_id`): each version sent to sign, and each signature of either side.
 */
export const authorizationTimelineSql = ({ id, clientId }: { id: string; clientId: string }) => sql`
      select 'authorization', ${engagementAuthorizations.sentAt}, 'Authorization sent to sign', 'Version ' || ${engagementAuthorizations.version}, null
        from ${engagementAuthorizations}
       where ${engagementAuthorizations.projectId} = ${id} and ${engagementAuthorizations.clientId} = ${clientId} and ${engagementAuthorizations.sentAt} is not null
      union all
      select 'authorization', ${engagementAuthorizationSignatures.signedAt},
             case ${engagementAuthorizationSignatures.side} when 'client' then 'Authorization signed for the client' else 'Authorization counter-signed by the firm' end,
             'Version ' || ${engagementAuthorizations.version} || ', ' || ${engagementAuthorizationSignatures.signerName}, null
        from ${engagementAuthorizationSignatures}
        join ${engagementAuthorizations} on ${engagementAuthorizations.id} = ${engagementAuthorizationSignatures.authorizationId}
       where ${engagementAuthorizations.projectId} = ${id} and ${engagementAuthorizations.clientId} = ${clientId}`;
