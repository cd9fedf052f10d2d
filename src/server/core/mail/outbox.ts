import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../db/client";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { serverEnv } from "../env";
import type { JobDefinition, JobRun } from "../jobs/job";
import { enqueue, enqueueMany, runQueuedJobs } from "../jobs/send";
import { getMailTransport, type OutgoingMail } from "./mailer";

/** Tries of one message before it is given up (failed): 30 s, 1 min, 2 min... apart, at most 1 h. */
export const MAX_ATTEMPTS = 8;
/** What a sent message carrying a one-time link keeps instead of its body. */
export const REDACTED_BODY = "[redacted after sending]";

const mailData = z.object({ id: z.string().uuid() });

/**
 * One job per message (data: its id), sent with the row: each run is one attempt, recorded in the
 * row (attempts, last error); a failed one is retried by the engine after its back-off, and the
 * last one marks the row failed (the Failed Mail card) and lands in the dead letters.
 */
export const mailSendJob: JobDefinition = {
  name: "mail.send",
  handler: (db, data, run) => sendQueuedMail(db, mailData.parse(data).id, run),
  retryLimit: MAX_ATTEMPTS - 1,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  // The SMTP timeouts (mailer.ts) end a send well within this.
  expireInSeconds: 120,
  batchSize: 10,
};

export type QueuedMail = OutgoingMail & {
  kind: string;
  /** The expiry of a one-time link in the body: the body is redacted once sent. */
  secretLinkExpiresAt?: Date;
};

/** Stores a message with its job (mailSendJob): a failing transport loses nothing. */
export async function enqueueEmail(db: DbOrTx, mail: QueuedMail): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      kind: mail.kind,
      secretLinkExpiresAt: mail.secretLinkExpiresAt ?? null,
    })
    .returning({ id: emailOutbox.id });
  await enqueue(db, mailSendJob, { id: row!.id }, { key: row!.id });
  return row!.id;
}

export type QueuedNotification = QueuedMail & {
  /** Unique per event and recipient: a second enqueue of the same key stores nothing. */
  idempotencyKey: string;
  recipientUserId: string | null;
  category: string;
  unsubscribeUrl: string | null;
  /** Kept for the recipient's daily summary instead of being sent on its own. */
  held: boolean;
};

/** Stores a notification once per key; null when that event was already queued for this recipient. */
export async function enqueueNotificationEmail(db: DbOrTx, mail: QueuedNotification): Promise<string | null> {
  return (await enqueueNotificationEmails(db, [mail]))[0] ?? null;
}

/** Several notifications in one statement; returns the ids of those not queued before (by key). */
export async function enqueueNotificationEmails(db: DbOrTx, mails: QueuedNotification[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(
      mails.map((mail) => ({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        kind: mail.kind,
        idempotencyKey: mail.idempotencyKey,
        recipientUserId: mail.recipientUserId,
        category: mail.category,
        unsubscribeUrl: mail.unsubscribeUrl,
        status: mail.held ? ("held" as const) : ("pending" as const),
      })),
    )
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
    .returning({ id: emailOutbox.id, status: emailOutbox.status });
  await queueMailJobs(
    db,
    rows.filter((r) => r.status === "pending").map((r) => r.id),
  );
  return rows.map((r) => r.id);
}

/** Sends the jobs of messages stored pending (a held one released, a failed one retried). */
export async function queueMailJobs(db: DbOrTx, ids: string[]): Promise<void> {
  await enqueueMany(
    db,
    mailSendJob,
    ids.map((id) => ({ data: { id }, key: id })),
  );
}

type Claimed = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  unsubscribe_url: string | null;
  attempts: number;
};

export type MailOutcome = "sent" | "logged" | "skipped";

/**
 * One attempt at one message: counted in its row first, then sent, then recorded. A message no
 * longer pending (sent by an earlier run that was cut off before pg-boss heard of it, or given up)
 * is skipped: it goes out at most once per attempt record. A failure is recorded and rethrown so
 * the engine retries it; on the last try the row says failed.
 */
export async function sendQueuedMail(db: Db, id: string, run: JobRun): Promise<MailOutcome> {
  const result = await db.execute<Claimed>(sql`
    update ${emailOutbox} set attempts = attempts + 1
     where id = ${id} and status = 'pending'
    returning id, to_address, subject, text_body, html_body, unsubscribe_url, attempts`);
  const row = (result as unknown as { rows: Claimed[] }).rows[0];
  if (!row) return "skipped";
  const mail = { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, unsubscribeUrl: row.unsubscribe_url };
  const transport = getMailTransport();
  if (!transport) {
    logUndeliveredMail(mail);
    // Kept with its body: without a transport the outbox is the only copy an operator can use.
    await db.update(emailOutbox).set({ status: "logged", sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
    return "logged";
  }
  try {
    await transport.send(mail);
  } catch (error) {
    const giveUp = run.retryCount >= run.retryLimit || row.attempts >= MAX_ATTEMPTS;
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(emailOutbox)
      .set({ status: giveUp ? "failed" : "pending", lastError: message.slice(0, 1000) })
      .where(eq(emailOutbox.id, row.id));
    throw error;
  }
  await db
    .update(emailOutbox)
    .set({
      status: "sent",
      sentAt: new Date(),
      lastError: null,
      textBody: sql`case when ${emailOutbox.secretLinkExpiresAt} is null then ${emailOutbox.textBody} else ${REDACTED_BODY} end`,
      htmlBody: sql`case when ${emailOutbox.secretLinkExpiresAt} is null then ${emailOutbox.htmlBody} else null end`,
    })
    .where(eq(emailOutbox.id, row.id));
  return "sent";
}

/**
 * Gives a job to each pending message that has none waiting or running (its key is free): those
 * stored by a process running no engine (a script), or before the engine ran. Not a queue of its
 * own: the engine's key keeps a message from having two jobs.
 */
export async function requeuePendingMail(db: Db): Promise<number> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(emailOutbox.createdAt)
    .limit(5000);
  await queueMailJobs(
    db,
    rows.map((r) => r.id),
  );
  return rows.length;
}

export type DrainResult = { sent: number; failed: number };

/**
 * Runs the queued mail jobs now, in this process (runQueuedJobs): what the engine's workers do
 * within 2 s, for tests and tools that must not wait. `early` takes retries before their back-off.
 */
export async function drainOutbox(db: Db, options: { early?: boolean; limit?: number } = {}): Promise<DrainResult> {
  const outcomes = await runQueuedJobs(db, mailSendJob, options);
  return {
    sent: outcomes.filter((o) => o.ok && o.result !== "skipped").length,
    failed: outcomes.filter((o) => !o.ok).length,
  };
}

function logUndeliveredMail(mail: OutgoingMail): void {
  // Bodies hold one-time links (password reset, invitations): printed only on a non-production
  // start without SMTP, which announces it at start-up (mailLogNotice in src/features/operations/server/startup.ts).
  if (serverEnv().isProduction) {
    console.warn(`[mail] MAIL_TRANSPORT=log: message to ${mail.to} ("${mail.subject}") kept in the outbox only.`);
  } else {
    console.info(`[mail] SMTP_URL is not set; message kept in the outbox:\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
  }
}
