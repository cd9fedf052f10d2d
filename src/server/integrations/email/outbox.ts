import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { serverEnv } from "../../env";
import { getMailTransport, type OutgoingMail } from "./mailer";

export const MAX_ATTEMPTS = 8;
const BATCH = 20;
// A claimed message is retried after this lease if its sender died mid-send.
const LEASE_SECONDS = 300;

/** Backoff before attempt n+1: 30 s, 1 min, 2 min, ... capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Stores a message; delivery happens later (drainOutbox), so a failing transport loses nothing. */
export async function enqueueEmail(db: DbOrTx, mail: OutgoingMail & { kind: string }): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, kind: mail.kind })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

type Claimed = { id: string; to_address: string; subject: string; text_body: string; html_body: string | null; attempts: number };

/**
 * Sends what is due. Rows are claimed with SKIP LOCKED and a lease, so several instances can
 * drain one outbox without sending a message twice.
 */
export async function drainOutbox(db: Db): Promise<{ sent: number; failed: number }> {
  const claimed = await db.execute<Claimed>(sql`
    update ${emailOutbox}
       set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     where id in (
       select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked)
    returning id, to_address, subject, text_body, html_body, attempts`);
  const rows = (claimed as unknown as { rows: Claimed[] }).rows;
  const transport = getMailTransport();
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const mail = { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body };
    if (!transport) {
      logUndeliveredMail(mail);
      await db.update(emailOutbox).set({ status: "logged", sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
      sent++;
      continue;
    }
    try {
      await transport.send(mail);
      await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[mail] delivery of ${row.id} failed (attempt ${row.attempts}):`, message);
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
        })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "pending")));
    }
  }
  return { sent, failed };
}

function logUndeliveredMail(mail: OutgoingMail): void {
  // Bodies hold one-time links (password reset, invitations): printed only on a non-production
  // start without SMTP, which announces it at start-up (mailLogNotice in src/server/startup.ts).
  if (serverEnv().isProduction) {
    console.warn(`[mail] SMTP_URL is not set: message to ${mail.to} ("${mail.subject}") kept in the outbox only.`);
  } else {
    console.info(`[mail] SMTP_URL is not set; message kept in the outbox:\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
  }
}

const g = globalThis as { __outboxKick?: Promise<unknown> };

/** Starts a drain in the background after a request queued mail; errors are logged, never thrown. */
export function kickOutbox(db: Db): void {
  if (g.__outboxKick) return;
  g.__outboxKick = drainOutbox(db)
    .catch((error) => console.error("[mail] outbox drain failed:", error))
    .finally(() => {
      g.__outboxKick = undefined;
    });
}
