import "server-only";
import { getDb } from "./db/client";
import { ensureDatabaseReady } from "./db/bootstrap";
import type { ProxyTrust } from "./client-address";
import { authSecret, serverEnv, type ServerEnv } from "./env";
import { ensurePeerStamp } from "./peer-stamp";
import { drainOutbox } from "./integrations/email/outbox";

const OUTBOX_INTERVAL_MS = 30_000;
const g = globalThis as { __serverTasks?: boolean };

function describeTrust(trust: ProxyTrust): string {
  if (trust.kind === "none") return "the socket peer (TRUST_PROXY unset)";
  if (trust.kind === "hops") return `${trust.hops} trusted proxy hop(s) from the socket`;
  return `rightmost X-Forwarded-For entry not in ${trust.cidrs.join(", ")}`;
}

/** The start-up line about mail without SMTP: whether message bodies (with their links) reach the log. */
export function mailLogNotice(env: Pick<ServerEnv, "smtpUrl" | "isProduction">): string | null {
  if (env.smtpUrl) return null;
  if (env.isProduction) return "[mail] SMTP_URL is not set: outgoing mail is kept in the email_outbox table and NOT delivered.";
  return "[mail] SMTP_URL is not set on this non-production start: outgoing mail, including password-reset and invitation links, is printed to this log.";
}

export async function startServerTasks(): Promise<void> {
  if (g.__serverTasks) return;
  g.__serverTasks = true;
  authSecret(); // fail at start, not on the first sign-in, when production lacks AUTH_SECRET
  const { trustProxy } = serverEnv(); // a bad TRUST_PROXY fails here, with its message
  console.info(`[start] client address: ${describeTrust(trustProxy)}; socket address stamped by ${ensurePeerStamp()}.`);
  await ensureDatabaseReady();
  const notice = mailLogNotice(serverEnv());
  if (notice) console.warn(notice);
  const timer = setInterval(() => {
    drainOutbox(getDb()).catch((error) => console.error("[mail] outbox drain failed:", error));
  }, OUTBOX_INTERVAL_MS);
  timer.unref();
}
