// A fresh database per test file: in-memory PGlite, or a new database on TEST_DATABASE_URL.
import { afterAll, beforeAll } from "vitest";
import { type DbHandle, installDbHandle, openPglite, openPostgres } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { seedDemoData } from "@/server/db/seed/seed-demo";
import { getStorage } from "@/server/storage/storage";
import { createPostgresDatabase } from "../../helpers/postgres-database";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function openTestDatabase(): Promise<DbHandle & { dispose: () => Promise<void> }> {
  if (usingPostgres) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, "it");
    const handle = openPostgres(created.url, 4);
    await migrateDatabase(handle);
    return { ...handle, dispose: async () => { await handle.close(); await created.drop(); } };
  }
  const handle = openPglite(undefined);
  await migrateDatabase(handle);
  return { ...handle, dispose: handle.close };
}

/** Installs a fresh, migrated database as the process database for this file. */
export function setupTestDatabase(options: { seedDemo?: boolean } = {}) {
  const ref: { handle?: DbHandle & { dispose: () => Promise<void> } } = {};
  beforeAll(async () => {
    ref.handle = await openTestDatabase();
    installDbHandle(ref.handle);
    if (options.seedDemo) await seedDemoData(ref.handle.db, getStorage());
  });
  afterAll(async () => {
    installDbHandle(undefined);
    await ref.handle?.dispose();
  });
  return {
    get db() {
      if (!ref.handle) throw new Error("test database not ready");
      return ref.handle.db;
    },
    get handle() {
      if (!ref.handle) throw new Error("test database not ready");
      return ref.handle;
    },
  };
}
