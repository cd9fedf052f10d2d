import "server-only";
import { mailTransportOf } from "@/config/env-schema.mjs";
import type { ProxyTrust } from "@/server/core/client-address";
import { closeDb, getDbHandle } from "@/server/core/db/client";
import { authSecret, serverEnv, type ServerEnv } from "@/server/core/env";
import { startJobEngine, stopJobEngine } from "@/server/core/jobs/engine";
import type { JobDefinition } from "@/server/core/jobs/job";
import { ensurePeerStamp } from "@/server/core/peer-stamp";
import { ensureStaticPageCsp } from "@/server/core/static-page-csp";
import { storageChoice } from "@/server/core/storage/storage";
import { seedDemoDeadLetter } from "@/features/demo/server";
import { databaseRetryInMs, demoSeededThisStart, ensureDatabaseReady } from "./bootstrap";

const g = globalThis as { __serverTasks?: boolean; __demoDeadLetter?: boolean };
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

/** Brings the database up, then the job engine; retried until it works (/api/health answers 503 meanwhile). */
async function keepTryingDatabase(jobs: JobDefinition[]): Promise<void> {
  try {
    await ensureDatabaseReady();
    const boss = await startJobEngine(getDbHandle(), jobs);
    // Once, on the start that seeded the demo: a demo without it would still work.
    if (demoSeededThisStart() && !g.__demoDeadLetter) {
      g.__demoDeadLetter = true;
      await seedDemoDeadLetter(boss).catch((error: unknown) => console.error(`[demo] dead job not added: ${describe(error)}`));
    }
  } catch (error) {
    const wait = Math.max(databaseRetryInMs(), 100);
    console.error(`[db] database not ready (${describe(error)}); next try in ${Math.round(wait / 1000)} s`);
    setTimeout(() => void keepTryingDatabase(jobs), wait).unref();
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

export async function startServerTasks(jobs: JobDefinition[]): Promise<void> {
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
  await keepTryingDatabase(jobs);
  (globalThis as Record<symbol, unknown>)[STOP_TASKS] = stopServerTasks;
}

/**
 * Stops the job engine (no new job is fetched; those running may finish, the rest stay queued for
 * another instance or the next start), then closes the database: the
 * pool's connections, or the embedded database and its lock.
 */
export async function stopServerTasks(): Promise<void> {
  await stopJobEngine();
  await closeDb();
  console.info("[start] job engine stopped; database closed");
}
