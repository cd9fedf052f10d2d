import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { taskRuns } from "./schema";

/**
 * Claims the periodic task `name` for this instance inside `tx` when its last run is at least
 * `every` (an interval, "23 hours") old: the upsert of its task_runs row and the task's work share
 * the transaction, so a second instance waits on that row and then finds the run recorded, and a
 * failed run leaves the old date for the next try. False when it is not due.
 */
export async function claimTaskRun(tx: DbOrTx, name: string, every: string): Promise<boolean> {
  const claimed = await tx.execute(sql`
    insert into ${taskRuns} (name, last_run_at) values (${name}, now())
    on conflict (name) do update set last_run_at = excluded.last_run_at
     where ${taskRuns.lastRunAt} <= now() - ${every}::interval
    returning name`);
  return (claimed as unknown as { rows: unknown[] }).rows.length > 0;
}
