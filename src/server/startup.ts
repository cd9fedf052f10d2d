import "server-only";
import { getDb } from "./db/client";
import { ensureDatabaseReady } from "./db/bootstrap";
import { authSecret } from "./env";
import { drainOutbox } from "./integrations/email/outbox";

const OUTBOX_INTERVAL_MS = 30_000;
const g = globalThis as { __serverTasks?: boolean };

export async function startServerTasks(): Promise<void> {
  if (g.__serverTasks) return;
  g.__serverTasks = true;
  authSecret(); // fail at start, not on the first sign-in, when production lacks AUTH_SECRET
  await ensureDatabaseReady();
  const timer = setInterval(() => {
    drainOutbox(getDb()).catch((error) => console.error("[mail] outbox drain failed:", error));
  }, OUTBOX_INTERVAL_MS);
  timer.unref();
}
