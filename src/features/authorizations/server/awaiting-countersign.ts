import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { engagementAuthorizations, engagementAuthorizationSignatures } from "./schema";
import { companyNameSql } from "@/features/clients/server";
import { projectFacts } from "@/features/projects/server";

// What waits for the firm (docs/PRODUCT.md#admin-dashboard): the newest version of an engagement's
// authorization that the client signed and the firm has not counter-signed. An older version is
// superseded and can no longer be signed, so it never waits.

const isNewest = sql`not exists (
  select 1 from ${engagementAuthorizations} newer
   where newer.project_id = ${engagementAuthorizations.projectId} and newer.version > ${engagementAuthorizations.version})`;
const firmSigned = sql`exists (
  select 1 from ${engagementAuthorizationSignatures} firm
   where firm.authorization_id = ${engagementAuthorizations.id} and firm.side = 'firm')`;

/**
 * How many authorizations wait for the firm's counter-signature, as a scalar subquery: the admin
 * frame reads it with its other sidebar figures, in one statement.
 */
export const authorizationsToCountersignCount = sql<number>`(
  select count(*) from ${engagementAuthorizations} v
    join ${engagementAuthorizationSignatures} client on client.authorization_id = v.id and client.side = 'client'
   where not exists (select 1 from ${engagementAuthorizations} newer where newer.project_id = v.project_id and newer.version > v.version)
     and not exists (select 1 from ${engagementAuthorizationSignatures} firm where firm.authorization_id = v.id and firm.side = 'firm'))`.mapWith(
  Number,
);

export type AuthorizationToCountersign = {
  authorizationId: string;
  projectId: string;
  projectName: string;
  company: string;
  version: number;
  signerName: string;
  signerEmail: string;
  signedAt: Date;
};

/** The authorizations the client signed and the firm has not counter-signed, the longest waiting first. */
export async function listAuthorizationsToCountersign(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<AuthorizationToCountersign[]> {
  assertAdmin(actor);
  const facts = projectFacts(db);
  const rows = await db
    .select({
      authorizationId: engagementAuthorizations.id,
      projectId: facts.projectId,
      projectName: facts.projectName,
      company: companyNameSql(facts.clientId),
      version: engagementAuthorizations.version,
      signerName: engagementAuthorizationSignatures.signerName,
      signerEmail: engagementAuthorizationSignatures.signerEmail,
      signedAt: engagementAuthorizationSignatures.signedAt,
    })
    .from(engagementAuthorizations)
    .innerJoin(
      engagementAuthorizationSignatures,
      and(
        eq(engagementAuthorizationSignatures.authorizationId, engagementAuthorizations.id),
        eq(engagementAuthorizationSignatures.side, "client"),
      ),
    )
    .innerJoin(facts, eq(facts.projectId, engagementAuthorizations.projectId))
    .where(and(isNewest, sql`not ${firmSigned}`))
    .orderBy(engagementAuthorizationSignatures.signedAt, desc(engagementAuthorizations.id));
  return rows;
}
