import "server-only";
import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { ensureJobSchema } from "../jobs/engine";
import type { DbHandle } from "./client";

const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), "drizzle");
// Arbitrary constant naming our migration lock.
const MIGRATION_LOCK_KEY = 7_349_211;

export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    const pglite = handle.pglite;
    if (pglite) await ensureJobSchema(async (text) => ({ rows: (await pglite.exec(text)).flatMap((result) => result.rows) }), "pglite");
    return;
  }
  if (!handle.pool) throw new Error("A PostgreSQL handle needs its pool to migrate.");
  // Serialise migrations when several instances start at once on one server: the advisory lock
  // belongs to a session, so hold it on one dedicated connection.
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
    await ensureJobSchema((text) => client.query(text), "postgres");
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
