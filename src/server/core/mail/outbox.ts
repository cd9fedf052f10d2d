import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { emailOutbox } from "../db/schema";
import { serverEnv } from "../env";
import { getMailTransport, type OutgoingMail } from "./mailer";

export const MAX_ATTEMPTS = 8;
// One drain stops after this many messages so that a steady stream of new mail cannot keep it
// running for ever; the next timer tick or kick carries on.
const MAX_PER_DRAIN = 500;
// A claimed message is offered again after this lease if its sender died mid-send. Messages are
// claimed one at a time and the SMTP timeouts (mailer.ts) end a send well within it.
export const LEASE_SECONDS = 120;
/** What a sent message carrying a one-time link keeps instead of its body. */
export const REDACTED_BODY = "[redacted after sending]";

/** Backoff before attempt n+1: 30 s, 1 min, 2 min, ... capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export type QueuedMail = OutgoingMail & {
  kind: string;
  /** The expiry of a one-time link in the body: the body is redacted once sent. */
  secretLinkExpiresAt?: Date;
};

/** Stores a message; delivery happens later (drainOutbox), so a failing transport loses nothing. */
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
  noteQueuedMail();
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
    .returning({ id: emailOutbox.id });
  if (rows.length > 0) noteQueuedMail();
  return rows.map((r) => r.id);
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

/**
 * Claims the next due message for this sender: SKIP LOCKED lets another instance claim a different
 * one at the same moment, and the lease keeps it from being claimed again while it is being sent.
 */
async function claimNext(db: Db): Promise<Claimed | undefined> {
  const result = await db.execute<Claimed>(sql`
    update ${emailOutbox}
       set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     where id = (
       select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit 1
        for update skip locked)
       and status = 'pending'
    returning id, to_address, subject, text_body, html_body, unsubscribe_url, attempts`);
  return (result as unknown as { rows: Claimed[] }).rows[0];
}

// Errors that say the mail server cannot be reached or refuses us, whatever the message.
const TRANSPORT_DOWN_CODES = new Set([
  "ECONNECTION",
  "ESOCKET",
  "ETIMEDOUT",
  "EDNS",
  "EAUTH",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
]);

function isTransportDown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && TRANSPORT_DOWN_CODES.has(code);
}

export type DrainResult = { sent: number; failed: number };

/**
 * Sends what is due, one message at a time, and records each outcome before taking the next; a
 * crash between the send and that record is the only way a message goes out twice. Several
 * drains (in this process or on other instances) can run at once without sending a message twice.
 */
export async function drainOutbox(db: Db): Promise<DrainResult> {
  const transport = getMailTransport();
  let sent = 0;
  let failed = 0;
  for (let n = 0; n < MAX_PER_DRAIN; n++) {
    // Shutting down: the message in hand was recorded; the rest wait for another instance.
    if (g.__outboxStopped) break;
    const row = await claimNext(db);
    if (!row) break;
    const mail = {
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      unsubscribeUrl: row.unsubscribe_url,
    };
    if (!transport) {
      logUndeliveredMail(mail);
      // Kept with its body: without a transport the outbox is the only copy an operator can use.
      await db.update(emailOutbox).set({ status: "logged", sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
      sent++;
      continue;
    }
    try {
      await transport.send(mail);
    } catch (error) {
      failed++;
      await recordFailure(db, row, error);
      // The server is down or refuses us: the other messages would fail the same way, and each
      // try would use up one of their attempts. They wait for the next drain.
      if (isTransportDown(error)) break;
      continue;
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
    sent++;
  }
  return { sent, failed };
}

async function recordFailure(db: Db, row: Claimed, error: unknown): Promise<void> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[mail] delivery of ${row.id} failed (attempt ${row.attempts}${giveUp ? ", giving up" : ""}):`, message);
  await db
    .update(emailOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      lastError: message.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
    })
    .where(eq(emailOutbox.id, row.id));
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

// The one in-process drain shared by the periodic timer (startup.ts) and kickOutbox.
const g = globalThis as { __outboxKick?: Promise<DrainResult>; __outboxAgain?: boolean; __outboxStopped?: boolean };

/**
 * Runs a drain unless one is already running in this process; a call during a drain asks it for
 * one more pass, so mail queued while it was finishing does not wait for the next timer tick.
 */
export function runOutboxDrain(db: Db): Promise<DrainResult> {
  if (g.__outboxStopped) return Promise.resolve({ sent: 0, failed: 0 });
  if (g.__outboxKick) {
    g.__outboxAgain = true;
    return g.__outboxKick;
  }
  const run = async (): Promise<DrainResult> => {
    const total = { sent: 0, failed: 0 };
    let result: DrainResult;
    do {
      g.__outboxAgain = false;
      result = await drainOutbox(db);
      total.sent += result.sent;
      total.failed += result.failed;
      // A pass that only failed means the transport is down: another pass now would fail too.
    } while (g.__outboxAgain && !(result.sent === 0 && result.failed > 0));
    return total;
  };
  g.__outboxKick = run().finally(() => {
    g.__outboxKick = undefined;
  });
  return g.__outboxKick;
}

/** Starts a drain in the background after a request queued mail; errors are logged, never thrown. */
export function kickOutbox(db: Db): void {
  runOutboxDrain(db).catch((error) => console.error("[mail] outbox drain failed:", error));
}

// The request whose work is running, if any: whether it queued mail (see sendMailQueuedBy).
const requestMail = new AsyncLocalStorage<{ queued: boolean }>();

/**
 * Says that the running request stored mail to send (a new message, or a failed one queued again),
 * so the outbox is kicked when the request ends. Outside a request (the periodic tasks, scripts)
 * nothing happens: the tick sends it.
 */
export function noteQueuedMail(): void {
  const request = requestMail.getStore();
  if (request) request.queued = true;
}

/**
 * Runs one request's work (every route handler and server action goes through here, see
 * src/server/core/handler.ts) and kicks the outbox once it has ended when it queued mail: by then the
 * transaction that stored the mail has committed, so the drain sees it and the mail goes out at
 * once instead of at the next tick.
 */
export async function sendMailQueuedBy<T>(db: () => Db, work: () => Promise<T>): Promise<T> {
  const request = { queued: false };
  try {
    return await requestMail.run(request, work);
  } finally {
    if (request.queued) kickOutbox(db());
  }
}

/** Shutdown: no new drain or claim from now on; resolves once the drain in progress has recorded its message. */
export async function stopOutbox(): Promise<void> {
  g.__outboxStopped = true;
  await outboxIdle();
}

/** Resolves when this process's background drain (if any) has finished; for tests and shutdown. */
export async function outboxIdle(): Promise<void> {
  await g.__outboxKick?.catch(() => {});
}
