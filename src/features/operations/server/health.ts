import "server-only";
import { sql } from "drizzle-orm";
import { type Db, getDb } from "@/server/core/db/client";
import { ensureDatabaseReady } from "./bootstrap";

/** How long a database that answered counts as answering (load balancers probe every few seconds). */
const HEALTHY_FOR_MS = 1_000;

type Check = { db: Db; startedAt: number; ok: Promise<boolean> };
let lastCheck: Check | undefined;

/**
 * True when the database answers. Probes that arrive while a check runs, or within a second of one
 * that succeeded on the same database, share its answer: under load every probe's own query made
 * the embedded database (in-process) the health route's main cost. A failure is never reused: the
 * next probe checks again.
 */
export async function checkDatabaseHealth(): Promise<boolean> {
  try {
    await ensureDatabaseReady();
  } catch (error) {
    logFailure(error);
    return false;
  }
  const db = getDb();
  const now = Date.now();
  if (lastCheck && lastCheck.db === db && now - lastCheck.startedAt < HEALTHY_FOR_MS) return lastCheck.ok;
  const check: Check = {
    db,
    startedAt: now,
    ok: db.execute(sql`select 1`).then(
      () => true,
      (error: unknown) => {
        logFailure(error);
        if (lastCheck === check) lastCheck = undefined;
        return false;
      },
    ),
  };
  lastCheck = check;
  return check.ok;
}

function logFailure(error: unknown): void {
  console.error("[health] database check failed:", error instanceof Error ? error.message : error);
}
