import "server-only";
import { and, eq, inArray, isNotNull, lt, ne, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { claimTaskRun } from "./task-claims";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { serverEnv } from "@/server/core/env";
import { REDACTED_BODY } from "@/server/core/mail/outbox";
import { pruneAuditLog, signChainHeads } from "@/features/audit/server";
import { pruneExpiredIdentityRows } from "@/features/identity/server";
import { pruneSquareWebhookEvents } from "@/features/square/server";
import { queueWebhookEvents } from "@/features/webhooks/server";

const DAY_MS = 24 * 60 * 60 * 1000;
const TASK = "retention";
// Slightly under a day, so a run that started a little late yesterday does not push today's back.
const RUN_EVERY = "23 hours";
export const WEBHOOK_EVENT_KEEP_DAYS = 30;
export const SENT_BODY_KEEP_DAYS = 30;
/** What a delivered message keeps once its body has been pruned. */
export const PRUNED_BODY = "[removed after 30 days]";

export type RetentionResult = {
  rateLimits: number;
  webhookEvents: number;
  outboxBodies: number;
  expiredLinkBodies: number;
  auditRows: number;
  verifications: number;
  sessions: number;
};

/** Swaps the bodies of the matching outbox rows for `replacement`; rows already swapped are left alone. */
function replaceOutboxBodies(db: DbOrTx, replacement: string, where: SQL | undefined) {
  return db
    .update(emailOutbox)
    .set({ textBody: replacement, htmlBody: null })
    .where(and(where, ne(emailOutbox.textBody, replacement)))
    .returning({ id: emailOutbox.id });
}

/** Removes what is no longer needed; each statement is idempotent, so running it twice is harmless. */
export async function pruneOldData(
  db: DbOrTx,
  now: Date = new Date(),
  auditRetentionDays = serverEnv().auditRetentionDays,
): Promise<RetentionResult> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const { rateLimits, verifications, sessions } = await pruneExpiredIdentityRows(db, now);
  const webhookEvents = await pruneSquareWebhookEvents(db, daysAgo(WEBHOOK_EVENT_KEEP_DAYS));
  // The row stays (who was mailed what, when); only the body goes.
  const outboxBodies = await replaceOutboxBodies(
    db,
    PRUNED_BODY,
    and(inArray(emailOutbox.status, ["sent", "logged"]), lt(emailOutbox.sentAt, daysAgo(SENT_BODY_KEEP_DAYS))),
  );
  // A failed message is kept for a retry, but once its one-time link has expired a retry would
  // deliver a dead link, so the secret goes.
  const expiredLinkBodies = await replaceOutboxBodies(
    db,
    REDACTED_BODY,
    and(eq(emailOutbox.status, "failed"), isNotNull(emailOutbox.secretLinkExpiresAt), lt(emailOutbox.secretLinkExpiresAt, now)),
  );
  const auditRows =
    auditRetentionDays === undefined
      ? 0
      : // The access logs' hash chains are cut at a signed checkpoint, so they still verify (modules/audit).
        await pruneAuditLog(db, daysAgo(auditRetentionDays));
  return {
    rateLimits,
    webhookEvents,
    outboxBodies: outboxBodies.length,
    expiredLinkBodies: expiredLinkBodies.length,
    auditRows,
    verifications,
    sessions,
  };
}

/**
 * Runs the retention when its last run is a day old, on one instance only: the upsert of the
 * task_runs row and the pruning share a transaction, so a second instance waits on that row and
 * then finds today's run recorded, and a failed run leaves the old date for the next try.
 * Returns null when it was not this instance's turn.
 */
export async function runRetentionIfDue(db: Db): Promise<RetentionResult | null> {
  return db.transaction(async (tx) => {
    if (!(await claimTaskRun(tx, TASK, RUN_EVERY))) return null;
    const result = await pruneOldData(tx);
    // The day's signature of each company's access-log head, after the retention's cut.
    const signedHeads = await signChainHeads(tx);
    if (signedHeads.length > 0) console.info(`[audit] signed ${signedHeads.length} access-log chain head(s)`);
    // Each company whose head was signed is told, so a receiver can fetch and keep the head.
    await queueWebhookEvents(
      tx,
      signedHeads.map((head) => ({
        clientId: head.clientId,
        type: "access_log.head_signed" as const,
        data: { seq: head.seq, hash: head.hash },
        chatText: `The access log's head was signed (entry ${head.seq})`,
        portalPath: "/client-portal?section=settings&tab=access-log",
      })),
    );
    console.info("[retention] pruned:", JSON.stringify(result));
    return result;
  });
}
