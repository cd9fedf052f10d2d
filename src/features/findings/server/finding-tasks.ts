import "server-only";
import { and, eq, inArray, lte, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { findingEvents, findings } from "./schema/records";
import { notifyRisksExpiring } from "./finding-mail";
import { todayUtc } from "./finding-scope";

/** How long before a risk acceptance ends its owners are told. */
export const RISK_EXPIRY_NOTICE_DAYS = 14;

/**
 * The findings' periodic work (a job: jobs.ts): warns of risk acceptances ending within 14 days
 * (once per acceptance and date: the mail's key), and reopens those that have ended, with a
 * timeline entry (stale import previews are the imports slice's job). Safe to run on several
 * instances: the reopening locks its rows (SKIP LOCKED) and the mails are keyed.
 */
export async function runFindingTasks(db: Db): Promise<void> {
  const ending = await db
    .select({ id: findings.id, clientId: findings.clientId, title: findings.title, riskExpiresOn: findings.riskExpiresOn })
    .from(findings)
    .where(and(eq(findings.status, "risk_accepted"), lte(findings.riskExpiresOn, sql`${todayUtc} + ${RISK_EXPIRY_NOTICE_DAYS}::int`)))
    .limit(500);
  await notifyRisksExpiring(
    db,
    ending.flatMap((finding) => (finding.riskExpiresOn ? [{ ...finding, riskExpiresOn: finding.riskExpiresOn }] : [])),
  );
  await db.transaction(async (tx) => {
    const ended = await tx
      .select({ id: findings.id })
      .from(findings)
      .where(and(eq(findings.status, "risk_accepted"), lt(findings.riskExpiresOn, todayUtc)))
      .for("update", { skipLocked: true })
      .limit(500);
    if (ended.length === 0) return;
    const ids = ended.map(({ id }) => id);
    await tx.update(findings).set({ status: "open" }).where(inArray(findings.id, ids));
    await tx.insert(findingEvents).values(
      ids.map((findingId) => ({
        findingId,
        kind: "status" as const,
        fromStatus: "risk_accepted" as const,
        toStatus: "open" as const,
        note: "The risk acceptance expired.",
        actorRole: "admin" as const,
        actorName: "Automatic",
      })),
    );
  });
}
