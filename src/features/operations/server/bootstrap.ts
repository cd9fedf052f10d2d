import "server-only";
import { type DbHandle, getDbHandle } from "@/server/core/db/client";
import { migrateDatabase } from "@/server/core/db/migrate";
import { serverEnv } from "@/server/core/env";
import { getStorage } from "@/server/core/storage/storage";
import { pointDemoConnections, seedDemoData } from "@/features/demo/server";
import { ensureSigningKeys } from "@/features/signing/server";
import { ensureBuiltinPlan } from "@/features/evidence/server";
import { linkUnchainedEntries } from "@/features/audit/server";

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Wait after the n-th failed preparation in a row: 1 s, 2 s, 4 s, ... capped at 30 s. */
export function databaseRetryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

type Readiness = {
  ready: boolean;
  running?: Promise<void>;
  failures: number;
  retryAt: number;
  lastError?: unknown;
  open: () => DbHandle;
  /** This start seeded the demo data set (the job engine adds the demo's dead job once it runs). */
  demoSeeded?: boolean;
};

const g = globalThis as { __dbReadiness?: Readiness };

function readiness(): Readiness {
  g.__dbReadiness ??= { ready: false, failures: 0, retryAt: 0, open: getDbHandle };
  return g.__dbReadiness;
}

async function prepare(open: () => DbHandle, state: Readiness): Promise<void> {
  const handle = open();
  await migrateDatabase(handle);
  // The firm's signing keys exist before the first request (made on the first start, or taken from
  // the environment): a bad supplied key fails here, with its message.
  await ensureSigningKeys(handle.db);
  const env = serverEnv();
  if (env.seedDemoForced) {
    // Every start, not only the seeding one: demo accounts with published passwords may exist.
    console.warn(
      "[db] WARNING: SEED_DEMO=true on a production deployment: the demo accounts (published passwords) are seeded into an empty database. Unset SEED_DEMO for real use.",
    );
  }
  if (env.seedDemo) {
    const { seeded } = await seedDemoData(handle.db, getStorage());
    if (seeded) console.info("[db] demo data seeded (see README for the demo accounts)");
    state.demoSeeded ||= seeded;
    // The demo services take new ports at every start, or are off: the demo connections follow.
    await pointDemoConnections(handle.db);
  }
  // The built-in test plan, created or brought up to the shipped cases (docs/PRODUCT.md#evidence-packs).
  await ensureBuiltinPlan(handle.db);
  // Access-log entries written before their company's hash chain existed join it, oldest first.
  const linked = await linkUnchainedEntries(handle.db);
  if (linked > 0) console.info(`[audit] ${linked} access-log entr${linked === 1 ? "y" : "ies"} linked into their companies' hash chains`);
}

/**
 * Opens the database, applies migrations and, on an empty demo database, seeds: once per process
 * when it works. A failure is not kept for good (a database that was down at boot may come back):
 * callers during the backoff that follows get the last error at once, the first caller after it
 * tries again.
 */
export function ensureDatabaseReady(): Promise<void> {
  const state = readiness();
  if (state.ready) return Promise.resolve();
  if (state.running) return state.running;
  if (state.lastError !== undefined && Date.now() < state.retryAt) return Promise.reject(state.lastError);
  state.running = prepare(state.open, state).then(
    () => {
      state.ready = true;
      state.failures = 0;
      state.lastError = undefined;
      state.running = undefined;
    },
    (error: unknown) => {
      state.failures += 1;
      state.lastError = error;
      state.retryAt = Date.now() + databaseRetryDelayMs(state.failures);
      state.running = undefined;
      throw error;
    },
  );
  return state.running;
}

/** Whether this process seeded the demo data set into an empty database. */
export function demoSeededThisStart(): boolean {
  return readiness().demoSeeded === true;
}

/** Milliseconds until ensureDatabaseReady will try again (0 when ready or due). */
export function databaseRetryInMs(): number {
  const state = readiness();
  return state.ready ? 0 : Math.max(0, state.retryAt - Date.now());
}

/**
 * Test hook: forget the readiness (and optionally replace how the database is opened, e.g. an
 * opener that fails a few times before delegating to the real one).
 */
export function resetDatabaseReadiness(open: () => DbHandle = getDbHandle): void {
  g.__dbReadiness = { ready: false, failures: 0, retryAt: 0, open };
}
