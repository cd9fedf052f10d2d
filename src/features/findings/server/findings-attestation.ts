import "server-only";
import { and, eq, inArray, isNotNull, max, notInArray, sql } from "drizzle-orm";
import { FINDING_SEVERITIES, FIRM_CLOSED_FINDING_STATUSES, type FindingSeverity } from "@/lib/domain/finding";
import type { DbOrTx } from "@/server/core/db/client";
import { findingRetests, findings } from "./schema/records";

/** Where an engagement's retests stand, as an attestation letter states it. */
export type AttestationRetestStatus = "Not Retested" | "Retest In Progress" | "Retested";

/** What an attestation letter says of an engagement's findings: no finding's details, only counts. */
export type AttestationFindingFacts = {
  bySeverity: Record<FindingSeverity, { found: number; fixed: number }>;
  retest: { status: AttestationRetestStatus; date: string | null };
};

/**
 * Counts per severity of an engagement's published findings (what the firm withdrew or closed as a
 * false positive or a duplicate left out, as in every count), and how many of them a retest
 * verified fixed; the retests' state and the date of the latest result (modules/attestations).
 */
export async function attestationFindingFacts(db: DbOrTx, projectId: string): Promise<AttestationFindingFacts> {
  const counted = and(
    eq(findings.projectId, projectId),
    isNotNull(findings.publishedAt),
    notInArray(findings.status, [...FIRM_CLOSED_FINDING_STATUSES]),
  );
  const [rows, [retests]] = await Promise.all([
    db
      .select({
        severity: findings.severity,
        found: sql<number>`count(*)::int`,
        fixed: sql<number>`(count(*) filter (where ${findings.status} = 'verified_fixed'))::int`,
      })
      .from(findings)
      .where(counted)
      .groupBy(findings.severity),
    db
      .select({
        open: sql<number>`(count(*) filter (where ${findingRetests.result} is null))::int`,
        decided: sql<number>`(count(*) filter (where ${findingRetests.result} is not null))::int`,
        latest: max(findingRetests.decidedAt),
      })
      .from(findingRetests)
      .where(inArray(findingRetests.findingId, db.select({ id: findings.id }).from(findings).where(counted))),
  ]);
  const bySeverity = Object.fromEntries(
    FINDING_SEVERITIES.map((s) => [s, { found: 0, fixed: 0 }]),
  ) as AttestationFindingFacts["bySeverity"];
  for (const row of rows) bySeverity[row.severity] = { found: Number(row.found), fixed: Number(row.fixed) };
  const open = Number(retests?.open ?? 0);
  const decided = Number(retests?.decided ?? 0);
  const latest = retests?.latest ? new Date(retests.latest).toISOString().slice(0, 10) : null;
  const status: AttestationRetestStatus = open > 0 ? "Retest In Progress" : decided > 0 ? "Retested" : "Not Retested";
  return { bySeverity, retest: { status, date: decided > 0 ? latest : null } };
}
