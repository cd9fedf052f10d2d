import "server-only";
import { and, eq, lte, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { findingEvents, findings } from "@/server/core/db/schema";
import { notifyRiskExpiring } from "./finding-mail";
import { todayUtc } from "./finding-scope";

/** How long before a risk acceptance ends its owners are told. */
export const RISK_EXPIRY_NOTICE_DAYS = 14;

/**
 * The findings' periodic work (the start-up tick): warns of risk acceptances ending within 14 days
 * (once per acceptance and date: the mail's key), and reopens those that have ended, with a
 * timeline entry. Safe to run on several instances: the reopening locks its rows (SKIP LOCKED)
 * and the mails are keyed.
 */
export async function runFindingTasks(db: Db): Promise<void> {
  const ending = await db
    .select({ id: findings.id, clientId: findings.clientId, title: findings.title, riskExpiresOn: findings.riskExpiresOn })
    .from(findings)
    .where(and(eq(findings.status, "risk_accepted"), lte(findings.riskExpiresOn, sql`${todayUtc} + ${RISK_EXPIRY_NOTICE_DAYS}::int`)))
    .limit(500);
  for (const finding of ending) {
    if (finding.riskExpiresOn) await notifyRiskExpiring(db, { ...finding, riskExpiresOn: finding.riskExpiresOn });
  }
  await db.transaction(async (tx) => {
    const ended = await tx
      .select({ id: findings.id })
      .from(findings)
      .where(and(eq(findings.status, "risk_accepted"), lt(findings.riskExpiresOn, todayUtc)))
      .for("update", { skipLocked: true })
      .limit(500);
    for (const { id } of ended) {
      await tx.update(findings).set({ status: "open" }).where(eq(findings.id, id));
      await tx.insert(findingEvents).values({
        findingId: id,
        kind: "status",
        fromStatus: "risk_accepted",
        toStatus: "open",
        note: "The risk acceptance expired.",
        actorRole: "admin",
        actorName: "Automatic",
      });
    }
  });
}
