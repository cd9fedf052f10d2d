import "server-only";
import type { Db } from "../db/client";

/** The run of an event job a handler is given: its id, and which try this is of how many. */
export type JobRun = { id: string; retryCount: number; retryLimit: number };

/**
 * One kind of background work, declared by the slice that owns it (its `server/jobs.ts`) and run
 * by the one job engine (engine.ts). A periodic job names its `cron` and a `run`: the engine fires
 * it once per period across every instance on the database. An event job has a `handler`: one job
 * is sent per thing to do (send.ts, in the transaction that stored the thing), its data naming
 * the row; the handler does one attempt and records it in that row, and throws to have pg-boss
 * retry it after its back-off, then dead-letter it. Either must be safe to run again (a job whose
 * instance died mid-run is retried after `expireInSeconds`), keeping its state in its own tables.
 */
export type JobDefinition = {
  /** Queue name, `<slice>.<what>` (letters, digits, dots, dashes). */
  name: string;
  /** A periodic job's work. */
  run?: (db: Db) => Promise<unknown>;
  /** An event job's work for one job; `data` is what it was sent with (checked by the handler). */
  handler?: (db: Db, data: unknown, job: JobRun) => Promise<unknown>;
  /** Five-field cron in UTC; the smallest period is one minute. */
  cron?: string;
  /** Also run once as the engine starts (work left over from before a restart goes at once). */
  runAtStart?: boolean;
  /** Tries after the first before the job is dead-lettered. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each further one. */
  retryDelaySeconds?: number;
  /** The longest wait between two tries, in seconds (one hour unless given). */
  retryDelayMaxSeconds?: number;
  /** A run longer than this counts as lost (its instance died) and is retried. */
  expireInSeconds?: number;
  /** An event job's jobs fetched at once by one instance, and run side by side. */
  batchSize?: number;
};

/** The queue a job's dead runs land in once its retries are spent. */
export const DEAD_LETTER_QUEUE = "dead-letters";
