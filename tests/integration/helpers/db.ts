// A database of its own per test file: a copy of the migrated (or the migrated and demo-seeded)
// database the global setup made once for the run (global-setup.ts). PGlite in memory, loaded from
// the template's data directory; or, when TEST_DATABASE_URL is set, a new database on that server
// made with CREATE DATABASE ... TEMPLATE.
import fs from "node:fs/promises";
import { afterAll, beforeAll, inject } from "vitest";
import { type DbHandle, installDbHandle, openPglite, openPostgres } from "@/server/core/db/client";
import { migrateDatabase } from "@/server/core/db/migrate";
import { createJobEngine } from "@/server/core/jobs/engine";
import { useJobSender } from "@/server/core/jobs/send";
import { backgroundJobs } from "@/background-jobs";
import { diskStorage } from "@/server/core/storage/disk-storage";
import { type DocumentStorage, getStorage } from "@/server/core/storage/storage";
import { createPostgresDatabase } from "../../helpers/postgres-database";
import "./templates";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export type TestDatabase = DbHandle & { dispose: () => Promise<void> };

function templates() {
  const found = inject("databaseTemplates");
  if (!found || found.kind !== (usingPostgres ? "postgres" : "pglite")) {
    throw new Error(
      "No template database for this run: the integration project's globalSetup (tests/integration/helpers/global-setup.ts) makes them.",
    );
  }
  return found;
}

/** Writes the seeded template's document files into `storage`, where its rows expect them. */
async function copyDemoFiles(from: string, storage: DocumentStorage): Promise<void> {
  const source = diskStorage(from);
  for await (const object of source.list("documents/")) await storage.put(object.key, await source.get(object.key));
}

/**
 * A new database, migrated; with `seedDemo` also holding the demo data set, whose document files
 * are written into `storage` (the process's document store unless given).
 */
export async function openTestDatabase(options: { seedDemo?: boolean; storage?: DocumentStorage } = {}): Promise<TestDatabase> {
  const template = templates();
  const source = options.seedDemo ? template.seeded : template.migrated;
  let handle: TestDatabase;
  if (usingPostgres) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, "it", { template: source });
    const pg = openPostgres(created.url, 4);
    handle = {
      ...pg,
      dispose: async () => {
        await pg.close();
        await created.drop();
      },
    };
  } else {
    const pglite = openPglite(undefined, { loadDataDir: new Blob([await fs.readFile(source)]) });
    handle = { ...pglite, dispose: pglite.close };
  }
  // Nothing to apply (the template has every migration) unless a migration was added since the
  // run began (watch mode): the migrator only checks.
  await migrateDatabase(handle);
  if (options.seedDemo) await copyDemoFiles(template.uploads, options.storage ?? getStorage());
  return handle;
}

/** Installs a fresh, migrated database as the process database for this file. */
export function setupTestDatabase(options: { seedDemo?: boolean } = {}) {
  const ref: { handle?: TestDatabase } = {};
  beforeAll(async () => {
    ref.handle = await openTestDatabase({ seedDemo: options.seedDemo });
    installDbHandle(ref.handle);
    // Jobs are sent with the rows that cause them; the tests run them (runQueuedJobs), no worker polls.
    sender = await createJobEngine(ref.handle, backgroundJobs, { sendOnly: true });
    useJobSender(sender);
  });
  let sender: Awaited<ReturnType<typeof createJobEngine>> | undefined;
  afterAll(async () => {
    useJobSender(undefined);
    await sender?.stop({ graceful: false, close: false });
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
