import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { fromDrizzle, type PgBoss } from "pg-boss";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { runningJobEngine } from "@/server/core/jobs/engine";
import { DEAD_LETTER_QUEUE } from "@/server/core/jobs/job";
import { recordAudit } from "@/features/audit/server";

// What the job engine holds, for Admin → Operations, the failed-mail card and the deep health
// check. Counts and ages are read with read-only SQL over pg-boss's own tables (schema `pgboss`):
// pg-boss's getQueues / getQueueStats serve counts its monitor pass refreshes (up to a minute old,
// and only on an instance whose engine runs), while a person who just pressed Retry, and a monitor
// probing a backlog, need the table as it is now. Retry and Discard go through pg-boss's API.

const WAITING = sql.raw(`('created', 'retry')`);

export type QueueSummary = {
  name: string;
  /** Created or waiting for a retry (including those whose start is still ahead). */
  waiting: number;
  active: number;
  /** Failed runs pg-boss still keeps (a day); each was retried, then dead-lettered. */
  failed: number;
  /** In the dead letters, not yet retried or discarded. */
  dead: number;
  /** Seconds since the oldest waiting job was queued; null when none waits. */
  oldestWaitingSeconds: number | null;
};

export type DeadJob = {
  id: string;
  /** The queue it failed on. */
  queue: string;
  /** The last error in plain words: its message's first line, never a stack trace. */
  error: string;
  /** What the job was about: the ids its data names (a mail, a delivery), when it names any. */
  about: string | null;
  attempts: number;
  deadSince: Date;
  firstQueuedAt: Date | null;
};

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as Rows<T>).rows;
const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The error a failed job left, in plain words. A handler's thrown Error is kept by pg-boss as
 * { name, message, stack }; its own expiry as { value: { message } }; a string as { value }.
 */
export function plainError(output: unknown): string {
  const message = messageOf(output, 0);
  const line = message
    ?.split("\n")[0]
    ?.replace(/^(?:[A-Za-z]*Error|Error):\s*/, "")
    .trim();
  if (!line) return "It stopped without saying why.";
  if (line === "job timed out") return "It ran longer than allowed (its instance may have stopped).";
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function messageOf(output: unknown, depth: number): string | undefined {
  if (typeof output === "string") return output;
  if (!output || typeof output !== "object" || depth > 2) return undefined;
  const { message, value } = output as { message?: unknown; value?: unknown };
  if (typeof message === "string") return message;
  return messageOf(value, depth + 1);
}

/** The ids a job's data names ("id 1f2e…"), so a person can tell one dead job from another. */
function aboutOf(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const parts = Object.entries(data as Record<string, unknown>)
    .filter(([key, value]) => /id$/i.test(key) && (typeof value === "string" || typeof value === "number"))
    .slice(0, 2)
    .map(([key, value]) => `${key} ${String(value)}`);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** Every queue but the dead letters, with its counts; dead jobs are counted on the queue they failed on. */
export async function readQueueSummaries(db: DbOrTx): Promise<QueueSummary[]> {
  const [queues, dead] = await Promise.all([
    rowsOf<Omit<QueueSummary, "dead">>(
      db,
      sql`
        select q.name,
               (count(j.id) filter (where j.state in ${WAITING}))::int as "waiting",
               (count(j.id) filter (where j.state = 'active'))::int as "active",
               (count(j.id) filter (where j.state = 'failed'))::int as "failed",
               extract(epoch from now() - min(j.created_on) filter (where j.state in ${WAITING}))::int as "oldestWaitingSeconds"
          from pgboss.queue q
          left join pgboss.job j on j.name = q.name
         where q.name <> ${DEAD_LETTER_QUEUE} and q.name not like '\_\_pgboss\_\_%'
         group by q.name
         order by q.name`,
    ),
    rowsOf<{ queue: string | null; dead: number }>(
      db,
      sql`select source_name as "queue", count(*)::int as "dead" from pgboss.job
           where name = ${DEAD_LETTER_QUEUE} and state in ${WAITING} group by source_name`,
    ),
  ]);
  const deadOf = new Map(dead.map((row) => [row.queue ?? "", row.dead]));
  return queues.map((queue) => ({ ...queue, dead: deadOf.get(queue.name) ?? 0 }));
}

type DeadRow = {
  id: string;
  queue: string | null;
  output: unknown;
  data: unknown;
  retries: number | null;
  deadSince: Date | string;
  firstQueuedAt: Date | string | null;
};

const deadJobOf = (row: DeadRow): DeadJob => ({
  id: row.id,
  queue: row.queue ?? "unknown queue",
  error: plainError(row.output),
  about: aboutOf(row.data),
  attempts: (row.retries ?? 0) + 1,
  deadSince: new Date(row.deadSince),
  firstQueuedAt: dateOf(row.firstQueuedAt),
});

/** Dead jobs, newest first (of one source queue when named), with their total. */
export async function readDeadJobs(db: DbOrTx, { queue, limit = 50 }: { queue?: string; limit?: number } = {}) {
  const ofQueue = queue === undefined ? sql`` : sql`and source_name = ${queue}`;
  const [rows, [count]] = await Promise.all([
    rowsOf<DeadRow>(
      db,
      sql`select id::text as "id", source_name as "queue", source_output as "output", data, source_retry_count as "retries",
                 created_on as "deadSince", source_created_on as "firstQueuedAt"
            from pgboss.job where name = ${DEAD_LETTER_QUEUE} and state in ${WAITING} ${ofQueue}
           order by created_on desc, id limit ${limit}`,
    ),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as "total" from pgboss.job where name = ${DEAD_LETTER_QUEUE} and state in ${WAITING} ${ofQueue}`,
    ),
  ]);
  return { jobs: rows.map(deadJobOf), total: count?.total ?? 0 };
}

/** The dead jobs of a queue whose data names one of these ids under `key` (the mail queue's `id`). */
export async function readDeadJobsFor(db: DbOrTx, { queue, key }: { queue: string; key: string }) {
  const rows = await rowsOf<DeadRow & { ref: string }>(
    db,
    sql`select id::text as "id", source_name as "queue", source_output as "output", data, source_retry_count as "retries",
               created_on as "deadSince", source_created_on as "firstQueuedAt", data->>${key} as "ref"
          from pgboss.job where name = ${DEAD_LETTER_QUEUE} and state in ${WAITING} and source_name = ${queue}
           and data->>${key} is not null
         order by created_on desc`,
  );
  return rows.map((row) => ({ ...deadJobOf(row), ref: row.ref }));
}

/** Admin → Operations: every queue's counts and the newest dead jobs. */
export async function getJobOverview(db: DbOrTx, { actor, limit = 50 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  const [queues, dead] = await Promise.all([readQueueSummaries(db), readDeadJobs(db, { limit })]);
  return { queues, dead: dead.jobs, deadTotal: dead.total, engineRunning: runningJobEngine() !== undefined };
}

/** `/api/health?deep=1`: each queue's backlog (what waits, since when, what died). */
export async function readQueueBacklog(db: DbOrTx) {
  const queues = await readQueueSummaries(db);
  return {
    engine: runningJobEngine() ? ("running" as const) : ("stopped" as const),
    queues: queues.map(({ name, waiting, oldestWaitingSeconds, dead }) => ({ name, waiting, oldestWaitingSeconds, dead })),
  };
}

/** pg-boss's statements inside one of our transactions (its drizzle adapter over the transaction's execute). */
const inTransaction = (tx: DbOrTx) =>
  fromDrizzle({ execute: async (query: unknown) => (await tx.execute(query as SQL)) as unknown as { rows: unknown[] } }, sql);

function engineOrRefuse(): PgBoss {
  const boss = runningJobEngine();
  if (!boss) throw new AppError("unavailable", "The job engine is not running on this instance yet: try again in a moment.");
  return boss;
}

export const DEAD_JOB_GONE = "This job is no longer in the dead letters: it was retried or discarded already.";

async function lockDeadJob(tx: DbOrTx, jobId: string): Promise<DeadJob> {
  const [row] = await rowsOf<DeadRow>(
    tx,
    sql`select id::text as "id", source_name as "queue", source_output as "output", data, source_retry_count as "retries",
               created_on as "deadSince", source_created_on as "firstQueuedAt"
          from pgboss.job where name = ${DEAD_LETTER_QUEUE} and id = ${jobId}::uuid and state in ${WAITING} for update`,
  );
  if (!row) throw new AppError("not_found", DEAD_JOB_GONE);
  return deadJobOf(row);
}

/**
 * Sends dead jobs back to the queues they failed on, with fresh retries (pg-boss's redrive), in
 * the caller's transaction, so the move and its audit entry land together. Returns how many moved.
 */
export async function redriveDeadJobs(tx: DbOrTx, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return engineOrRefuse().redrive(DEAD_LETTER_QUEUE, { ids, db: inTransaction(tx) });
}

/** Retry: the dead job goes back to its queue with fresh retries (audited). */
export async function retryDeadJob(db: Db, { actor, jobId }: { actor: AdminActor; jobId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const job = await lockDeadJob(tx, jobId);
    const moved = await redriveDeadJobs(tx, [jobId]);
    if (moved === 0) throw new AppError("conflict", `The queue ${job.queue} no longer exists: discard this job instead.`);
    await recordAudit(tx, {
      actor,
      action: "job.retry",
      entityType: "job",
      entityId: jobId,
      before: { queue: job.queue, state: "dead", error: job.error, attempts: job.attempts },
      after: { queue: job.queue, state: "queued" },
    });
    return { queue: job.queue };
  });
}

/** Discard: the dead job is deleted for good (audited, with what it was about and its error). */
export async function discardDeadJob(db: Db, { actor, jobId }: { actor: AdminActor; jobId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const job = await lockDeadJob(tx, jobId);
    await engineOrRefuse().deleteJob(DEAD_LETTER_QUEUE, jobId, { db: inTransaction(tx) });
    await recordAudit(tx, {
      actor,
      action: "job.discard",
      entityType: "job",
      entityId: jobId,
      before: { queue: job.queue, state: "dead", error: job.error, about: job.about, attempts: job.attempts },
      after: null,
    });
    return { queue: job.queue };
  });
}
