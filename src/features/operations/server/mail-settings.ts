import "server-only";
import { eq, sql } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { serverEnv } from "@/server/core/env";
import { getMailTransport } from "@/server/core/mail/mailer";
import { drainOutbox, enqueueEmail } from "@/server/core/mail/outbox";
import { layoutMail } from "@/server/core/mail/templates";
import { recordAudit } from "@/features/audit/server";

// Settings → Mail (docs/PRODUCT.md#admin-settings): whether mail can leave, what waits in the
// outbox, and a test mail that goes the way every other mail goes.

export type MailStatus = {
  /** SMTP_URL is set: mail is delivered, not only kept in the outbox and the log. */
  smtpConfigured: boolean;
  /** The From address of every mail (never the SMTP URL, which carries the password). */
  from: string;
  queued: number;
  failed: number;
};

export async function getMailStatus(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<MailStatus> {
  assertAdmin(actor);
  const [counts] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${emailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
    })
    .from(emailOutbox)
    .where(sql`${emailOutbox.status} in ('pending', 'failed')`);
  return {
    smtpConfigured: getMailTransport() !== null,
    from: serverEnv().mailFrom,
    queued: Number(counts?.queued ?? 0),
    failed: Number(counts?.failed ?? 0),
  };
}

export type TestMailResult = { outcome: "sent" | "logged" | "retrying" | "queued"; to: string; message: string };

/**
 * Queues a test mail to the signed-in admin and runs the outbox at once, then says what became of
 * it: the same path as every mail, so a delivered test proves the real ones leave too.
 */
export async function sendTestMail(db: Db, { actor }: { actor: AdminActor }): Promise<TestMailResult> {
  assertAdmin(actor);
  const to = actor.email;
  const mail = await layoutMail({
    subject: `Test mail from ${siteConfig.name}`,
    paragraphs: [
      `Hello ${actor.name || to},`,
      `You asked for this test mail in Settings. It went through the outbox like every mail the portal sends, so mail is reaching you.`,
    ],
  });
  const mailId = await db.transaction(async (tx) => {
    const id = await enqueueEmail(tx, { to, kind: "test_mail", ...mail });
    await recordAudit(tx, { actor, action: "mail.test", entityType: "email_outbox", entityId: id, before: null, after: { to } });
    return id;
  });
  // The waiting mail's jobs are run here, now, rather than at a worker's next poll: the answer says
  // what became of this one (each job is taken once, whichever process runs it).
  await drainOutbox(db, { limit: 500 });
  const [row] = await db
    .select({ status: emailOutbox.status, lastError: emailOutbox.lastError })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, mailId));
  switch (row?.status) {
    case "sent":
      return { outcome: "sent", to, message: `Test mail sent to ${to}.` };
    case "logged":
      return {
        outcome: "logged",
        to,
        message: `SMTP is not configured: the test mail to ${to} was kept in the outbox and the server log.`,
      };
    default:
      if (row?.lastError) {
        return {
          outcome: "retrying",
          to,
          message: `The mail server did not take the test mail to ${to}: ${row.lastError}. It stays in the outbox and is tried again.`,
        };
      }
      return { outcome: "queued", to, message: `Test mail to ${to} queued: it leaves with the outbox's next run.` };
  }
}
