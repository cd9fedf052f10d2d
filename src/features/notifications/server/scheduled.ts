import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import { NOTIFICATION_CATEGORY_INFO, type NotificationCategory } from "@/lib/domain/notification-category";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { activeOwnerEmails } from "@/features/clients/server";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { enqueueNotificationEmail, enqueueNotificationEmails } from "@/server/core/mail/outbox";
import { latestSignedHeads } from "@/features/audit/server";
import { userRoleSql } from "@/features/identity/server";
import { overdueInvoicesSql } from "@/features/invoices/server";
import { renderNotification } from "./mail-layout";
import { overdueEvent } from "./client-events";
import { appLink, notifyAdmins, notifyClientsBulk, preferencesUrl } from "./notify";

// The notification work of the periodic tick (src/features/operations/server/startup.ts), safe on several instances:
// overdue reminders run under a transaction-scoped advisory lock (another instance skips the
// round), the daily tasks claim their task_runs row like the retention, and every mail is keyed.

export const OVERDUE_REMINDER_DAYS = 7;
export const MAX_OVERDUE_REMINDERS = 3;
// Arbitrary constant naming the reminder round's lock (the sync's and the migration's differ).
const OVERDUE_LOCK_KEY = 7_349_377;

type OverdueRow = {
  id: string;
  client_id: string;
  invoice_number: string;
  amount_cents: string | number;
  due_date: string | null;
  square_payment_url: string | null;
  sent: number;
  last_sent: string | null;
};

/**
 * Reminds each client of its overdue invoices: the first reminder at once, then every 7 days, at
 * most 3 (docs/PRODUCT.md#notifications). Returns the number of reminders queued, or null when
 * another instance is running the round.
 */
export async function sendOverdueReminders(db: Db, now = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${OVERDUE_LOCK_KEY}) as ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    if (!lock.rows[0]?.ok) return null;
    // Reminders already queued per invoice, counted from the outbox keys ("invoice-overdue:<id>:<n>:<user>").
    const result = (await tx.execute(sql`
      select i.id, i.client_id, i.invoice_number, i.amount_cents, i.due_date, i.square_payment_url,
             coalesce(o.sent, 0)::int as sent, o.last_sent
        from ${overdueInvoicesSql(now.toISOString().slice(0, 10))} i
        left join lateral (
          select count(distinct split_part(idempotency_key, ':', 3)) as sent, max(created_at) as last_sent
            from email_outbox where idempotency_key like 'invoice-overdue:' || i.id::text || ':%') o on true`)) as unknown as {
      rows: OverdueRow[];
    };
    const due = result.rows.filter(
      (row) =>
        row.sent < MAX_OVERDUE_REMINDERS &&
        !(row.last_sent && new Date(row.last_sent).getTime() > now.getTime() - OVERDUE_REMINDER_DAYS * 24 * 60 * 60 * 1000),
    );
    return notifyClientsBulk(
      tx,
      due.map((row) => ({
        clientId: row.client_id,
        event: overdueEvent(
          {
            id: row.id,
            clientId: row.client_id,
            invoiceNumber: row.invoice_number,
            amountCents: Number(row.amount_cents),
            dueDate: row.due_date,
            squarePaymentUrl: row.square_payment_url,
          },
          row.sent + 1,
        ),
      })),
    );
  });
}

/**
 * Claims the periodic task `name` for this instance inside `tx` when its last run is `every` (an
 * interval) old; false when not due: the operations module's `claimTaskRun` (its task_runs), handed
 * in by the job's composition (src/background-jobs.ts), since that module reads this one.
 */
export type TaskClaim = (tx: DbOrTx, name: string, every: string) => Promise<boolean>;

/** When a scheduled mail runs: when `claim` says it is due, or at once with `force` (tests). */
export type RunWhen = { claim: TaskClaim; now?: Date } | { force: true; now?: Date };

/** Whether the task is due for this instance inside `tx`. */
const isDue = (tx: DbOrTx, when: RunWhen, name: string, every: string): Promise<boolean> =>
  "force" in when ? Promise.resolve(true) : when.claim(tx, name, every);

/** Claims a once-a-day task for this instance inside `tx` (like the retention); false when not due. */
const claimDaily = (tx: DbOrTx, when: RunWhen, name: string) => isDue(tx, when, name, "23 hours");

/**
 * Sends each user who chose "a daily summary" one mail with the notifications held for them,
 * and marks those as summarized. `force` skips the once-a-day claim (tests).
 */
export async function sendDailySummaries(db: Db, opts: RunWhen): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await claimDaily(tx, opts, "notification-summaries"))) return 0;
    const held = await tx
      .select({
        id: emailOutbox.id,
        userId: emailOutbox.recipientUserId,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        text: emailOutbox.textBody,
        category: emailOutbox.category,
        role: userRoleSql(emailOutbox.recipientUserId),
      })
      .from(emailOutbox)
      // Only a user's held mail: the recipient's role decides the summary's links.
      .where(and(eq(emailOutbox.status, "held"), sql`${userRoleSql(emailOutbox.recipientUserId)} is not null`))
      .orderBy(emailOutbox.createdAt)
      .for("update", { of: emailOutbox, skipLocked: true });
    const byUser = new Map<string, typeof held>();
    for (const row of held) byUser.set(row.userId!, [...(byUser.get(row.userId!) ?? []), row]);
    const day = (opts.now ?? new Date()).toISOString().slice(0, 10);
    for (const [userId, rows] of byUser) {
      const audience = rows[0]!.role === "admin" ? "admin" : "client";
      const mail = await renderNotification(
        {
          subject: `Your daily summary: ${rows.length} update${rows.length === 1 ? "" : "s"} from ${siteConfig.name}`,
          greetingName: "Your daily summary",
          paragraphs: rows.map((r) => `${r.subject}\n${NOTIFICATION_CATEGORY_INFO[r.category as NotificationCategory]?.label ?? ""}`),
          action: { label: "Open the portal", url: appLink(audience === "admin" ? "/admin/dashboard" : "/client-portal") },
        },
        {
          reason: `You receive this summary because you chose "a daily summary" for ${rows[0]!.to} at ${siteConfig.name}.`,
          unsubscribeUrl: null,
          preferencesUrl: preferencesUrl(audience),
        },
      );
      await enqueueNotificationEmail(tx, {
        to: rows[0]!.to,
        ...mail,
        kind: "notify_daily_summary",
        idempotencyKey: `summary:${day}:${userId}`,
        recipientUserId: userId,
        category: "summary",
        unsubscribeUrl: null,
        held: false,
      });
      for (const row of rows)
        await tx
          .update(emailOutbox)
          .set({ status: "summarized", sentAt: new Date() })
          .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "held")));
    }
    return byUser.size;
  });
}

/** Once a day, when mail has failed, tells the admins how much and where to retry it. */
export async function sendFailedMailDigest(db: Db, opts: RunWhen): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimDaily(tx, opts, "failed-mail-digest"))) return false;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "failed"));
    if (n === 0) return false;
    const day = (opts.now ?? new Date()).toISOString().slice(0, 10);
    await notifyAdmins(tx, {
      key: `failed-mail-digest:${day}`,
      category: "admin_failed_mail",
      kind: "notify_failed_mail_digest",
      content: {
        subject: `${n} mail${n === 1 ? "" : "s"} could not be delivered`,
        greetingName: "Admin",
        paragraphs: [
          `${n} outgoing mail${n === 1 ? " has" : "s have"} failed after every retry. The dashboard's Failed Mail card lists them with a Retry button.`,
        ],
        action: { label: "Open the dashboard", url: appLink("/admin/dashboard") },
      },
    });
    return true;
  });
}

/** How often the owners receive their company's signed access-log head. */
const ACCESS_LOG_DIGEST_EVERY = "6 days 23 hours";

/**
 * Once a week, mails each company's owners the latest signed head of its access log's hash chain
 * (docs/PRODUCT.md#portal-access-log): a token they keep outside the firm's reach, which shows later
 * whether the log was rewritten. Returns the number of mails queued. `force` skips the weekly claim (tests).
 */
export async function sendAccessLogDigests(db: Db, opts: RunWhen): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await isDue(tx, opts, "access-log-digest", ACCESS_LOG_DIGEST_EVERY))) return 0;
    const heads = await latestSignedHeads(tx);
    if (heads.length === 0) return 0;
    const owners = await activeOwnerEmails(
      tx,
      heads.map((h) => h.clientId),
    );
    const day = (opts.now ?? new Date()).toISOString().slice(0, 10);
    const mails = [];
    for (const owner of owners) {
      const head = heads.find((h) => h.clientId === owner.clientId)!;
      const mail = await renderNotification(
        {
          subject: `Your access log's signed head for ${head.company}`,
          greetingName: "Your weekly access-log head",
          paragraphs: [
            `Every access by ${siteConfig.name} to ${head.company}'s data is an entry of your access log, and each entry carries the hash of the one before it. On ${head.signedAt.toISOString().slice(0, 10)} we signed the log's head: entry number ${head.seq}, hash ${head.hash}.`,
            `Keep this mail (or the token below) somewhere we cannot reach. Should you ever doubt the log, send the token back: we check it with "npm run audit:verify -- --company <your company> --head <file>", and it fails if any entry up to that head was changed or removed. Anyone can also check the token's signature against ${appLink("/.well-known/jwks.json")}.`,
            `Signed head (a compact JWS):\n${head.jws}`,
          ],
          action: { label: "Open your access log", url: appLink("/client-portal") },
        },
        {
          reason: `You receive this mail because you are an owner of ${head.company} at ${siteConfig.name}.`,
          unsubscribeUrl: null,
          preferencesUrl: preferencesUrl("client"),
        },
      );
      mails.push({
        to: owner.email,
        ...mail,
        kind: "access_log_digest",
        idempotencyKey: `access-log-digest:${day}:${owner.clientId}:${owner.userId}`,
        recipientUserId: owner.userId,
        category: "access_log",
        unsubscribeUrl: null,
        held: false,
      });
    }
    return (await enqueueNotificationEmails(tx, mails)).length;
  });
}

/** The tick's notification work; each part logs its own failure and never stops the others. */
export async function runNotificationTasks(db: Db, claim: TaskClaim): Promise<void> {
  const log = (area: string) => (error: unknown) =>
    console.error(`[notifications] ${area} failed:`, error instanceof Error ? error.message : String(error));
  await sendOverdueReminders(db).catch(log("overdue reminders"));
  await sendDailySummaries(db, { claim }).catch(log("daily summaries"));
  await sendFailedMailDigest(db, { claim }).catch(log("failed-mail digest"));
  await sendAccessLogDigests(db, { claim }).catch(log("access-log digest"));
}
