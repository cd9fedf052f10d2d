import "server-only";
import { mailTransportOf } from "@/config/env-schema.mjs";
import type { ProxyTrust } from "@/server/core/client-address";
import { closeDb, getDb } from "@/server/core/db/client";
import { authSecret, serverEnv, type ServerEnv } from "@/server/core/env";
import { runOutboxDrain, stopOutbox } from "@/server/core/mail/outbox";
import { ensurePeerStamp } from "@/server/core/peer-stamp";
import { ensureStaticPageCsp } from "@/server/core/static-page-csp";
import { getStorage, storageChoice } from "@/server/core/storage/storage";
import { runFindingTasks } from "@/features/findings/server";
import { drainWebhookDeliveries } from "@/features/webhooks/server";
import {
  drainTrackerTickets,
  fileAutomaticTickets,
  postRetestVerdicts,
  reopenTicketsOfOpenFindings,
  syncTrackerTickets,
} from "@/features/trackers/server";
import { runNotificationTasks } from "@/features/notifications/server";
import { runSubscriptionBilling } from "@/features/subscriptions/server";
import { databaseRetryInMs, ensureDatabaseReady } from "./bootstrap";
import { runRetentionIfDue } from "./retention";
import { sweepOrphanedObjects } from "./orphans";
import { confirmStorageOwner } from "./ownership";
import { RENEW_EVERY_MS } from "./ownership-rule";

const TICK_MS = 30_000;
// Each instance asks hourly whether the daily retention is due; task_runs decides who runs it.
const RETENTION_CHECK_MS = 60 * 60 * 1000;
// Overdue reminders and daily mails: checked every 10 minutes (a reminder is due by the day).
const NOTIFICATION_CHECK_MS = 10 * 60 * 1000;
const g = globalThis as {
  __serverTasks?: boolean;
  __serverTick?: NodeJS.Timeout;
  __serverTickRunning?: Promise<void>;
  __nextRetentionCheck?: number;
  __nextNotificationRun?: number;
  __nextOwnershipCheck?: number;
};
// scripts/start.mjs calls this on SIGTERM / SIGINT once requests in flight are done.
const STOP_TASKS = Symbol.for("sentinel.stopServerTasks");

/**
 * Settings whose absence would only show on first use (a sign-in, an upload) or silently do the
 * wrong thing on several instances: refused at start instead. scripts/start.mjs checks the same
 * before listening.
 */
export function checkDeploymentConfig(): void {
  authSecret();
  storageChoice();
  mailTransportOf(serverEnv());
  void serverEnv().auditRetentionDays;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Tries to bring the database up until it works; /api/health answers 503 meanwhile. */
async function keepTryingDatabase(): Promise<void> {
  try {
    await ensureDatabaseReady();
  } catch (error) {
    const wait = Math.max(databaseRetryInMs(), 100);
    console.error(`[db] database not ready (${describe(error)}); next try in ${Math.round(wait / 1000)} s`);
    setTimeout(() => void keepTryingDatabase(), wait).unref();
  }
}

async function tick(): Promise<void> {
  try {
    await ensureDatabaseReady();
  } catch {
    return; // keepTryingDatabase reports it
  }
  const db = getDb();
  await runOutboxDrain(db).catch((error) => console.error("[mail] outbox drain failed:", error));
  await drainWebhookDeliveries(db).catch((error) => console.error("[webhooks] delivery drain failed:", describe(error)));
  await fileAutomaticTickets(db).catch((error) => console.error("[trackers] automatic tickets failed:", describe(error)));
  await drainTrackerTickets(db).catch((error) => console.error("[trackers] ticket drain failed:", describe(error)));
  await postRetestVerdicts(db).catch((error) => console.error("[trackers] posting retest verdicts failed:", describe(error)));
  await reopenTicketsOfOpenFindings(db).catch((error) => console.error("[trackers] reopening tickets failed:", describe(error)));
  await syncTrackerTickets(db).catch((error) => console.error("[trackers] ticket sync failed:", describe(error)));
  // Claims an unowned document store on the first tick, then renews the claim, which is what
  // makes a restored copy of this database see that it no longer owns the store.
  if (Date.now() >= (g.__nextOwnershipCheck ?? 0)) {
    g.__nextOwnershipCheck = Date.now() + RENEW_EVERY_MS;
    await confirmStorageOwner(db, getStorage()).catch((error) => console.error("[storage] ownership check failed:", describe(error)));
  }
  if (Date.now() >= (g.__nextRetentionCheck ?? 0)) {
    g.__nextRetentionCheck = Date.now() + RETENTION_CHECK_MS;
    const retention = await runRetentionIfDue(db).catch((error) => console.error("[retention] failed:", describe(error)));
    // The daily run's instance also removes stored objects that no row refers to (crashed uploads),
    // if this database owns the store.
    if (retention)
      await sweepOrphanedObjects(db, getStorage()).catch((error) => console.error("[storage] orphan sweep failed:", describe(error)));
  }
  if (Date.now() >= (g.__nextNotificationRun ?? 0)) {
    g.__nextNotificationRun = Date.now() + NOTIFICATION_CHECK_MS;
    await runNotificationTasks(db);
    await runFindingTasks(db).catch((error) => console.error("[findings] periodic task failed:", describe(error)));
    // Plans billed per period: periods that ended roll over and unbilled ones go to Square.
    await runSubscriptionBilling(db).catch((error) => console.error("[subscriptions] billing failed:", describe(error)));
  }
}

function describeTrust(trust: ProxyTrust): string {
  if (trust.kind === "none") return "the socket peer (TRUST_PROXY unset)";
  if (trust.kind === "hops") return `${trust.hops} trusted proxy hop(s) from the socket`;
  return `rightmost X-Forwarded-For entry not in ${trust.cidrs.join(", ")}`;
}

/** The start-up line about mail without SMTP: whether message bodies (with their links) reach the log. */
export function mailLogNotice(env: Pick<ServerEnv, "smtpUrl" | "isProduction">): string | null {
  if (env.smtpUrl) return null;
  // A production start gets here only with MAIL_TRANSPORT=log (checkDeploymentConfig).
  if (env.isProduction) return "[mail] MAIL_TRANSPORT=log: outgoing mail is kept in the email_outbox table and NOT delivered.";
  return "[mail] SMTP_URL is not set on this non-production start: outgoing mail, including password-reset and invitation links, is printed to this log.";
}

export async function startServerTasks(): Promise<void> {
  if (g.__serverTasks) return;
  checkDeploymentConfig();
  g.__serverTasks = true;
  const { trustProxy } = serverEnv(); // a bad TRUST_PROXY fails here, with its message
  console.info(`[start] client address: ${describeTrust(trustProxy)}; socket address stamped by ${ensurePeerStamp()}.`);
  // The prerendered pages' CSP hashes; a build without them is refused (they could run no script).
  console.info(`[start] static pages' CSP hashes: ${ensureStaticPageCsp()}.`);
  const notice = mailLogNotice(serverEnv());
  if (notice) console.warn(notice);
  // The first try is awaited so that a normal start serves requests only after migrations; a
  // failure does not stop the start: the server answers /api/health with 503 while it retries.
  await keepTryingDatabase();
  g.__serverTick = setInterval(() => {
    if (g.__serverTickRunning) return; // a slow tick (a long drain) is not run twice at once
    g.__serverTickRunning = tick().finally(() => (g.__serverTickRunning = undefined));
  }, TICK_MS);
  g.__serverTick.unref();
  (globalThis as Record<symbol, unknown>)[STOP_TASKS] = stopServerTasks;
}

/**
 * Stops the periodic tasks and the outbox (the message being sent is finished and recorded, no
 * new one is claimed), waits for a tick in progress, then closes the database: the pool's
 * connections, or the embedded database and its lock.
 */
export async function stopServerTasks(): Promise<void> {
  if (g.__serverTick) clearInterval(g.__serverTick);
  g.__serverTick = undefined;
  await stopOutbox();
  await g.__serverTickRunning?.catch(() => {});
  await closeDb();
  console.info("[start] periodic tasks and outbox stopped; database closed");
}
