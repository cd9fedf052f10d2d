import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { matchingCount, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { lockRowById } from "@/server/core/db/lock-row";
import { emailOutbox } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { queueMailJobs } from "@/server/core/mail/outbox";
import { recordAudit } from "@/features/audit/server";

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

/** Messages that used up their attempts, newest first, with the total count of failed ones. */
export async function listFailedMails(db: DbOrTx, { actor, limit = 20 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
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
    .where(eq(emailOutbox.status, "failed"))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
  const { rows: mails, total } = splitTotal(rows);
  return { mails: mails satisfies FailedMail[], total };
}

/** Puts a failed message back in the queue with fresh attempts (a new job, sent with the change). */
export async function retryFailedMail(db: Db, { actor, mailId }: { actor: AdminActor; mailId: string }) {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const before = await lockRowById(tx, emailOutbox, mailId, "Message not found", {
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      linkExpired: sql<boolean>`coalesce(${emailOutbox.secretLinkExpiresAt} <= now(), false)`,
    });
    if (before.status !== "failed") throw new AppError("conflict", `This message is not failed (it is ${before.status}).`);
    if (before.linkExpired) {
      throw new AppError("conflict", "The link in this message has expired: send a new invitation or password reset instead.");
    }
    await tx
      .update(emailOutbox)
      .set({ status: "pending", attempts: 0 })
      .where(and(eq(emailOutbox.id, mailId), eq(emailOutbox.status, "failed")));
    await queueMailJobs(tx, [mailId]);
    await recordAudit(tx, {
      actor,
      action: "mail.retry",
      entityType: "email_outbox",
      entityId: mailId,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: "pending", attempts: 0 },
    });
  });
  return { status: "pending" as const };
}
