import "server-only";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { matchingCount, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { lockRowById } from "@/server/core/db/lock-row";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { AppError } from "@/server/core/errors";
import { mailSendJob, queueMailJobs } from "@/server/core/mail/outbox";
import { recordAudit } from "@/features/audit/server";
import { readDeadJobsFor, redriveDeadJobs } from "./job-monitor";

// The mail queue's dead jobs carry the mail's id in their data (`id`): a mail is failed when its
// row says so or when its job died in the engine.
const MAIL_QUEUE = mailSendJob.name;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The mail queue's dead jobs, by the mail they were about (newest first). */
async function deadMailJobs(db: DbOrTx) {
  const byMail = new Map<string, { ids: string[]; error: string }>();
  for (const job of await readDeadJobsFor(db, { queue: MAIL_QUEUE, key: "id" })) {
    if (!UUID.test(job.ref)) continue;
    const seen = byMail.get(job.ref);
    if (seen) seen.ids.push(job.id);
    else byMail.set(job.ref, { ids: [job.id], error: job.error });
  }
  return byMail;
}

export type FailedMail = {
  id: string;
  toAddress: string;
  subject: string;
  kind: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** False once the one-time link it carries has expired: a retry would deliver a dead link. */
  canRetry: boolean;
};

/**
 * Messages that used up their attempts (the row says failed, or the mail's job died in the engine),
 * newest first, with the total count; the row's own error first, else the dead job's.
 */
export async function listFailedMails(db: DbOrTx, { actor, limit = 20 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  const dead = await deadMailJobs(db);
  const failed =
    dead.size > 0 ? or(eq(emailOutbox.status, "failed"), inArray(emailOutbox.id, [...dead.keys()])) : eq(emailOutbox.status, "failed");
  const rows = await db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      canRetry: sql<boolean>`coalesce(${emailOutbox.secretLinkExpiresAt} > now(), true)`,
      total: matchingCount(),
    })
    .from(emailOutbox)
    .where(failed)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
  const { rows: mails, total } = splitTotal(rows);
  return {
    mails: mails.map((mail) => ({ ...mail, lastError: mail.lastError ?? dead.get(mail.id)?.error ?? null })) satisfies FailedMail[],
    total,
  };
}

/**
 * Puts a failed message back in the queue with fresh attempts: its dead job, if the engine holds
 * one, goes back to the mail queue with fresh retries, else a new job is sent with the change.
 */
export async function retryFailedMail(db: Db, { actor, mailId }: { actor: AdminActor; mailId: string }) {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const before = await lockRowById(tx, emailOutbox, mailId, "Message not found", {
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      linkExpired: sql<boolean>`coalesce(${emailOutbox.secretLinkExpiresAt} <= now(), false)`,
    });
    const deadJobs = (await deadMailJobs(tx)).get(mailId)?.ids ?? [];
    if (before.status !== "failed" && deadJobs.length === 0) {
      throw new AppError("conflict", `This message is not failed (it is ${before.status}).`);
    }
    if (before.linkExpired) {
      throw new AppError("conflict", "The link in this message has expired: send a new invitation or password reset instead.");
    }
    await tx
      .update(emailOutbox)
      .set({ status: "pending", attempts: 0 })
      .where(and(eq(emailOutbox.id, mailId), eq(emailOutbox.status, "failed")));
    const redriven = await redriveDeadJobs(tx, deadJobs);
    if (redriven === 0) await queueMailJobs(tx, [mailId]);
    await recordAudit(tx, {
      actor,
      action: "mail.retry",
      entityType: "email_outbox",
      entityId: mailId,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: "pending", attempts: 0, ...(redriven > 0 ? { jobsRequeued: redriven } : {}) },
    });
  });
  return { status: "pending" as const };
}
