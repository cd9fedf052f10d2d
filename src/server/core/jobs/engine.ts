import "server-only";
import { type Clock, type Db as JobDb, fromPglite, getConstructionPlans, type JobResult, type JobWithMetadata, PgBoss } from "pg-boss";
import type { PoolClient } from "pg";
import type { Db as JobHandlerDb, DbHandle } from "../db/client";
import { DEAD_LETTER_QUEUE, type JobDefinition } from "./job";

// The one engine for background work: pg-boss, on the same database as the app (PostgreSQL, or
// the embedded PGlite through pg-boss's own adapter). Each instance runs the workers of every
// queue; a job is claimed by one of them, and a cron schedule fires once per period whichever
// instances are up. The slices declare their jobs (JobDefinition); this file names none of them.

export const JOB_SCHEMA = "pgboss";
const g = globalThis as { __jobEngine?: { boss: PgBoss; jobs: JobDefinition[] } };

/** pg-boss's statements through the app's own connections: one pool, one embedded database. */
export function jobDatabase(handle: DbHandle): JobDb {
  if (handle.kind === "pglite") {
    if (!handle.pglite) throw new Error("The embedded database handle carries no PGlite instance.");
    return fromPglite(handle.pglite);
  }
  const pool = handle.pool;
  if (!pool) throw new Error("A PostgreSQL handle needs its pool for the job engine.");
  // Statements every session of pg-boss's must have run (only a test's clock sets any): each
  // pooled connection runs them once before its first pg-boss statement.
  let session: { statements: string[]; ready: WeakSet<PoolClient> } = { statements: [], ready: new WeakSet() };
  return {
    setSessionStatements: async (statements) => {
      session = { statements, ready: new WeakSet() };
    },
    executeSql: async (text, values) => {
      if (session.statements.length === 0) return pool.query(text, values);
      const client = await pool.connect();
      try {
        if (!session.ready.has(client)) {
          for (const statement of session.statements) await client.query(statement);
          session.ready.add(client);
        }
        return await client.query(text, values);
      } finally {
        client.release();
      }
    },
  };
}

/**
 * Creates the engine's schema when it is missing. Called by the migration (db/migrate.ts) while it
 * holds our migration lock, so instances starting together never race to create it; later
 * upgrades of the schema are pg-boss's own, under its lock, at start.
 */
export async function ensureJobSchema(run: (sql: string) => Promise<{ rows: unknown[] }>, kind: DbHandle["kind"]): Promise<void> {
  const { rows } = await run(`select to_regclass('${JOB_SCHEMA}.version') is not null as installed`);
  if ((rows[0] as { installed?: boolean } | undefined)?.installed) return;
  await run(getConstructionPlans(JOB_SCHEMA, kind === "pglite" ? { backend: "pglite" } : undefined));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The queue settings of a job: retries with back-off, expiry, its dead letters. */
export function queueOptions(job: JobDefinition) {
  return {
    retryLimit: job.retryLimit ?? 3,
    retryDelay: job.retryDelaySeconds ?? 30,
    retryBackoff: true,
    retryDelayMax: job.retryDelayMaxSeconds ?? 3600,
    expireInSeconds: job.expireInSeconds ?? 15 * 60,
    // A minute's schedule leaves 1,440 finished runs a day per queue: kept a day, not pg-boss's week.
    deleteAfterSeconds: 24 * 3600,
    deadLetter: DEAD_LETTER_QUEUE,
  };
}

/**
 * Creates the queues of these jobs, or brings their settings up to date. A periodic job keeps at
 * most one run waiting and one running (a slow run is not stacked up); an event job's queue holds
 * at most one live job per key (send.ts keys each by the row it is for).
 */
export async function ensureQueues(boss: PgBoss, jobs: JobDefinition[], { update = true } = {}): Promise<void> {
  if (!(await boss.getQueue(DEAD_LETTER_QUEUE))) await boss.createQueue(DEAD_LETTER_QUEUE, { retentionSeconds: 30 * 24 * 3600 });
  for (const job of jobs) {
    const options = queueOptions(job);
    if (await boss.getQueue(job.name)) {
      if (update) await boss.updateQueue(job.name, options);
    } else await boss.createQueue(job.name, { ...options, policy: job.handler ? "exclusive" : job.cron ? "stately" : "standard" });
  }
}

/** Runs one fetched job of an event queue; logs and rethrows its failure (pg-boss retries it). */
export async function runEventJob(db: JobHandlerDb, job: JobDefinition, run: JobWithMetadata<unknown>): Promise<unknown> {
  if (!job.handler) throw new Error(`${job.name} has no handler.`);
  try {
    return await job.handler(db, run.data, { id: run.id, retryCount: run.retryCount, retryLimit: run.retryLimit });
  } catch (error) {
    const last = run.retryCount >= run.retryLimit;
    console.error(`[jobs] ${job.name} ${run.id} failed (try ${run.retryCount + 1}${last ? ", the last" : ""}): ${describe(error)}`);
    throw error;
  }
}

async function register(boss: PgBoss, handle: DbHandle, job: JobDefinition): Promise<void> {
  if (job.handler) {
    const batchSize = job.batchSize ?? 1;
    await boss.work(
      job.name,
      { pollingIntervalSeconds: 2, batchSize, includeMetadata: true, perJobResults: true, burstWhenBatchFull: batchSize > 1 },
      async (runs) =>
        Promise.all(
          runs.map(async (run): Promise<JobResult> => {
            try {
              await runEventJob(handle.db, job, run);
              return { id: run.id, status: "completed" };
            } catch (error) {
              return { id: run.id, status: "failed", output: { message: describe(error) } };
            }
          }),
        ),
    );
  } else {
    const run = job.run;
    if (!run) throw new Error(`${job.name} has neither a run nor a handler.`);
    await boss.work(job.name, { pollingIntervalSeconds: job.cron ? 10 : 2 }, async () => {
      try {
        await run(handle.db);
      } catch (error) {
        console.error(`[jobs] ${job.name} failed: ${describe(error)}`);
        throw error;
      }
    });
  }
  if (job.cron) await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
  else await boss.unschedule(job.name);
  if (job.runAtStart && job.run) await boss.send(job.name, null);
}

/**
 * An engine with these jobs registered and working (the database is migrated already). `clock`
 * lets a test move time for the schedules (pg-boss's TestClock). `sendOnly`: their queues exist,
 * but this engine runs no worker, schedule or maintenance (a test's or a script's sender, send.ts).
 */
export async function createJobEngine(
  handle: DbHandle,
  jobs: JobDefinition[],
  options: { clock?: Clock; sendOnly?: boolean } = {},
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: jobDatabase(handle),
    schema: JOB_SCHEMA,
    ...(handle.kind === "pglite" ? { backend: "pglite" as const } : {}),
    // The schema is created by our migration (ensureJobSchema); upgrades stay pg-boss's.
    createSchema: false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.sendOnly ? { supervise: false, schedule: false, registerInstance: false } : {}),
  });
  boss.on("error", (error) => console.error(`[jobs] engine error: ${describe(error)}`));
  await boss.start();
  await ensureQueues(boss, jobs, { update: !options.sendOnly });
  if (options.sendOnly) return boss;
  for (const job of jobs) await register(boss, handle, job);
  // A schedule of work that is no longer periodic (or gone) would keep sending jobs nobody runs.
  const periodic = new Set(jobs.filter((job) => job.cron).map((job) => job.name));
  for (const schedule of await boss.getSchedules()) if (!periodic.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
  return boss;
}

/** Starts this process's engine (once). */
export async function startJobEngine(handle: DbHandle, jobs: JobDefinition[]): Promise<PgBoss> {
  if (g.__jobEngine) return g.__jobEngine.boss;
  const boss = await createJobEngine(handle, jobs);
  g.__jobEngine = { boss, jobs };
  return boss;
}

/** The running engine, if this process started one. */
export function runningJobEngine(): PgBoss | undefined {
  return g.__jobEngine?.boss;
}

/**
 * Stops fetching new jobs and waits for those in flight (at most `timeoutMs`); jobs not started
 * stay queued for another instance or the next start, and one cut off is retried after its expiry.
 */
export async function stopJobEngine(timeoutMs = 8_000): Promise<void> {
  const engine = g.__jobEngine;
  g.__jobEngine = undefined;
  if (!engine) return;
  await engine.boss.stop({ graceful: true, timeout: timeoutMs, close: false }).catch((error: unknown) => {
    console.error(`[jobs] stopping the engine failed: ${describe(error)}`);
  });
}
