import "server-only";
import { currentDbHandle, type Db } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";

// One Square sync at a time across every instance: a second request answers at once that a sync
// is running instead of fetching everything from Square again and waiting its turn. On PostgreSQL
// the lock is a session advisory lock on a connection held for the whole sync (reading Square
// included), so an instance that dies mid-sync drops it with its connection; within one process
// (and on the embedded database, which one process owns) a flag does the same.

// Arbitrary constant naming the lock (migrations 7_349_211, the sync's write 7_349_212, seed 7_349_213).
const SYNC_RUNNING_KEY = 7_349_214;
const g = globalThis as { __squareSyncRunning?: boolean };

export const SYNC_ALREADY_RUNNING = "A Square sync is already running. Wait for it to finish, then sync again if needed.";

const busy = () => new AppError("conflict", SYNC_ALREADY_RUNNING);

export async function withSquareSyncLock<T>(db: Db, run: () => Promise<T>): Promise<T> {
  if (g.__squareSyncRunning) throw busy();
  g.__squareSyncRunning = true;
  try {
    const handle = currentDbHandle();
    if (!handle?.pool || handle.db !== db) return await run();
    const client = await handle.pool.connect();
    let locked = false;
    try {
      const result = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [SYNC_RUNNING_KEY]);
      locked = result.rows[0]?.locked === true;
      if (!locked) throw busy();
      return await run();
    } finally {
      if (locked) await client.query("select pg_advisory_unlock($1)", [SYNC_RUNNING_KEY]).catch(() => {});
      client.release();
    }
  } finally {
    g.__squareSyncRunning = false;
  }
}
