import "server-only";
import type { Db } from "../db/client";

/**
 * One kind of background work, declared by the slice that owns it (its `server/jobs.ts`) and run
 * by the one job engine (engine.ts). A periodic job names its `cron`: the engine fires it once per
 * period across every instance on the database. The handler must be safe to run again (a job
 * whose instance died mid-run is retried after `expireInSeconds`), keeping its state in its own
 * tables.
 */
export type JobDefinition = {
  /** Queue name, `<slice>.<what>` (letters, digits, dots, dashes). */
  name: string;
  run: (db: Db) => Promise<unknown>;
  /** Five-field cron in UTC; the smallest period is one minute. */
  cron?: string;
  /** Also run once as the engine starts (work left over from before a restart goes at once). */
  runAtStart?: boolean;
  /** Tries after the first before the job is dead-lettered. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each further one. */
  retryDelaySeconds?: number;
  /** A run longer than this counts as lost (its instance died) and is retried. */
  expireInSeconds?: number;
};

/** The queue a job's dead runs land in once its retries are spent. */
export const DEAD_LETTER_QUEUE = "dead-letters";
