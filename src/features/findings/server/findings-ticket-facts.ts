import "server-only";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { FindingSeverity } from "@/lib/domain/finding";
import type { DbOrTx } from "@/server/core/db/client";
import { findingRetests, findings } from "./schema/records";

/** What a client's ticket for a finding may carry (modules/trackers): never its evidence files. */
export type TicketFindingFacts = {
  id: string;
  title: string;
  severity: FindingSeverity;
  cvssScoreTenths: number | null;
  cvssVector: string | null;
  owaspLlm: string[];
  atlas: string[];
  remediation: string;
  description: string;
};

/**
 * Those facts for many published findings of one company at once (the trackers' automatic
 * creation reads a batch in one query): a draft, or another company's finding, is simply absent.
 */
export async function ticketFindingFacts(
  db: DbOrTx,
  { clientId, findingIds }: { clientId: string; findingIds: string[] },
): Promise<TicketFindingFacts[]> {
  if (findingIds.length === 0) return [];
  return db
    .select({
      id: findings.id,
      title: findings.title,
      severity: findings.severity,
      cvssScoreTenths: findings.cvssScoreTenths,
      cvssVector: findings.cvssVector,
      owaspLlm: findings.owaspLlm,
      atlas: findings.atlas,
      remediation: findings.remediation,
      description: findings.description,
    })
    .from(findings)
    .where(and(eq(findings.clientId, clientId), inArray(findings.id, findingIds), isNotNull(findings.publishedAt)));
}

/**
 * A finding's latest decided retest (id, result, result_note, decided_at), as a subquery for a
 * caller's `join lateral … on true`: the trackers carry each verdict to the finding's ticket.
 */
export const latestVerdictSql = (findingId: SQL) =>
  sql`(select r2.id, r2.result, r2.result_note, r2.decided_at from ${findingRetests} r2
         where r2.finding_id = ${findingId} and r2.result is not null
         order by r2.decided_at desc limit 1)`;
