import "server-only";
import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { serverEnv } from "../env";
import { acquireDataDirLock } from "./data-dir-lock";
import { PreparedStatementPGlite } from "./prepared-pglite";
import { nameStatementsByText } from "./prepared-postgres";
import { countingLogger } from "./query-counter";

/** The database handle shared by PGlite and node-postgres: both are Drizzle PgDatabase instances. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** node-postgres pool, for work that needs one dedicated connection (migration lock). */
  pool?: Pool;
  /** The embedded database itself, for the job engine's own statements (jobs/engine.ts). */
  pglite?: PGlite;
  close: () => Promise<void>;
};

const g = globalThis as { __dbHandle?: DbHandle };

/** Embedded PostgreSQL: in memory without `dataDir`; `loadDataDir` starts it from a dumped data directory (tests). */
export function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): DbHandle {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
  }
  // pg_trgm: the trigram index of invoice numbers (migrations create the extension, as on PostgreSQL).
  const client = new PreparedStatementPGlite({
    dataDir: dataDir ? `${dataDir}/pgdata` : undefined,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, logger: countingLogger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    close: async () => {
      await client.close();
      release();
    },
  };
}

export function openPostgres(url: string, max = 10): DbHandle {
  const pool = new Pool({ connectionString: url, max });
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  // Each connection prepares a statement text once and then only binds and executes it.
  pool.on("connect", nameStatementsByText);
  const db = drizzlePg({ client: pool, logger: countingLogger }) as unknown as Db;
  return { db, kind: "postgres", pool, close: () => pool.end() };
}

function openFromEnv(): DbHandle {
  if (process.env.NEXT_PHASE === "phase-production-build") {
    throw new Error("The database must not be opened during `next build`: call it from request-time code only.");
  }
  const env = serverEnv();
  return env.databaseUrl ? openPostgres(env.databaseUrl) : openPglite(env.dataDir);
}

/** The process-wide database handle, opened lazily on first use (kept on globalThis across bundles). */
export function getDbHandle(): DbHandle {
  g.__dbHandle ??= openFromEnv();
  return g.__dbHandle;
}

/** The installed handle, if any, without opening one. */
export function currentDbHandle(): DbHandle | undefined {
  return g.__dbHandle;
}

export function getDb(): Db {
  return getDbHandle().db;
}

/** Replaces the process-wide handle (tests and CLI tools that open their own database). */
export function installDbHandle(handle: DbHandle | undefined): void {
  g.__dbHandle = handle;
}

export async function closeDb(): Promise<void> {
  const handle = g.__dbHandle;
  g.__dbHandle = undefined;
  await handle?.close();
}
