import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Db as IDatabase, JobInsert, JobWithMetadata, PgBoss } from "pg-boss";
import type { Db, DbOrTx } from "../db/client";
import { runEventJob, runningJobEngine } from "./engine";
import type { JobDefinition } from "./job";

// Sending an event job (job.ts) with the row that causes it: the job is inserted through the
// caller's transaction, so it exists exactly when the row does. Every job of an event queue
// carries a key (the row's id, or the row's id and attempt), and its queue holds one live job
// per key: sending the same work twice while the first waits or runs adds nothing.

const g = globalThis as { __jobSender?: PgBoss };

/**
 * Lets this process send jobs without running any (tests, scripts): a started pg-boss whose
 * queues exist (engine.ts ensureQueues). The running engine sends otherwise.
 */
export function useJobSender(boss: PgBoss | undefined): void {
  g.__jobSender = boss;
}

/** The pg-boss this process sends and runs jobs with, if any (the engine, or a sender). */
export function runningJobSender(): PgBoss | undefined {
  return sender();
}

function sender(): PgBoss | undefined {
  return runningJobEngine() ?? g.__jobSender;
}

/** pg-boss's numbered parameters ($1, $2...) as a Drizzle statement, run in the caller's transaction. */
function statement(text: string, values: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[Number(match[1]) - 1]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** pg-boss's `db` option bound to a Drizzle transaction (node-postgres or PGlite alike). */
export function transactionDatabase(db: DbOrTx): IDatabase {
  return {
    executeSql: async (text, values) => {
      const result = (await db.execute(statement(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export type EnqueueOptions = {
  /** One live job per key in the queue: the row's id, with the attempt when each try is its own job. */
  key: string;
  /** Not before this moment (a retry's wait). */
  startAfter?: Date;
};

/**
 * Sends one job in the caller's transaction; null when one with this key is waiting or running
 * already. A process that runs no engine (a script) sends nothing: its rows are picked up by the
 * queue's periodic sweep (the slice's jobs.ts) once an engine runs.
 */
export async function enqueue(db: DbOrTx, job: JobDefinition, data: object, options: EnqueueOptions): Promise<string | null> {
  return (await enqueueMany(db, job, [{ data, ...options }]))[0] ?? null;
}

/** Several jobs of one queue in one statement (see enqueue); returns the ids of those inserted. */
export async function enqueueMany(db: DbOrTx, job: JobDefinition, jobs: Array<{ data: object } & EnqueueOptions>): Promise<string[]> {
  const boss = sender();
  if (!boss || jobs.length === 0) return [];
  const rows: JobInsert[] = jobs.map(({ data, key, startAfter }) => ({ data, singletonKey: key, ...(startAfter ? { startAfter } : {}) }));
  return (await boss.insert(job.name, rows, { db: transactionDatabase(db), returnId: true })) ?? [];
}

/**
 * Runs the queued jobs of one queue now, in this process, one after another, until none is due
 * (at most `limit`): what the engine's workers do every 2 s, for tests and benchmarks that must
 * not wait for a poll. `early` also takes jobs whose start is later (a retry's back-off). Each
 * outcome is recorded with pg-boss as a worker's would be (a failure is retried or dead-lettered).
 */
export async function runQueuedJobs(
  db: Db,
  job: JobDefinition,
  { early = false, limit = 10_000 }: { early?: boolean; limit?: number } = {},
): Promise<Array<{ ok: true; result: unknown } | { ok: false; error: unknown }>> {
  const boss = sender();
  if (!boss) throw new Error("No job engine or sender in this process.");
  const outcomes: Array<{ ok: true; result: unknown } | { ok: false; error: unknown }> = [];
  // Only the first fetch takes jobs not yet due: a job failed here waits for its back-off.
  for (let first = true; outcomes.length < limit; first = false) {
    const runs: JobWithMetadata<unknown>[] = await boss.fetch(job.name, {
      batchSize: Math.min(first && early ? 1000 : 50, limit - outcomes.length),
      includeMetadata: true,
      ignoreStartAfter: first && early,
    });
    if (runs.length === 0) break;
    for (const run of runs) {
      try {
        const result = await runEventJob(db, job, run);
        await boss.complete(job.name, run);
        outcomes.push({ ok: true, result });
      } catch (error) {
        await boss.fail(job.name, run, { message: error instanceof Error ? error.message : String(error) });
        outcomes.push({ ok: false, error });
      }
    }
  }
  return outcomes;
}

/**
 * Makes these jobs due now: the waiting job of each key is brought forward, or a job is sent where
 * none waits (an endpoint turned on again, a delivery asked for again).
 */
export async function enqueueNow(db: DbOrTx, job: JobDefinition, jobs: Array<{ data: object; key: string }>): Promise<void> {
  const boss = sender();
  if (!boss) return;
  const tx = transactionDatabase(db);
  for (const { data, key } of jobs) await boss.upsert(job.name, data, { singletonKey: key, startAfter: new Date(), db: tx });
}
