// Runs once per run of the integration project (vitest `globalSetup`), before any test file: makes
// the two databases every file's own database is copied from (helpers/db.ts), so that no file
// replays the migrations or hashes the demo passwords again.
// - "migrated": every migration applied, no rows;
// - "seeded": the same plus the demo data set (seedDemoData), whose document files go to a folder
//   of their own, copied into each seeded file's document store.
// On PGlite the two are data directories dumped to tarballs in a temporary folder; on PostgreSQL
// (TEST_DATABASE_URL) they are databases on that server, copied with CREATE DATABASE ... TEMPLATE.
// The workers' environment (AUTH_SECRET, APP_URL): the demo data set signs its attestation letter with
// the firm's key, sealed under AUTH_SECRET, so the seeded template must be made under the same one.
import "./setup-env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { type DbHandle, openPglite, openPostgres } from "@/server/core/db/client";
import { migrateDatabase } from "@/server/core/db/migrate";
import { createJobEngine } from "@/server/core/jobs/engine";
import { useJobSender } from "@/server/core/jobs/send";
import { backgroundJobs } from "@/background-jobs";
import { diskStorage } from "@/server/core/storage/disk-storage";
import { seedDemoData } from "@/features/demo/server";
import { createPostgresDatabase } from "../../helpers/postgres-database";
import type { DatabaseTemplates } from "./templates";

/** The PGlite database's data directory as an uncompressed tarball (what PGlite's own clone() uses). */
/**
 * Creates the job engine's queues in a template and lets `work` send jobs to them (the demo data
 * set queues mail and webhook deliveries with their jobs, as the app does).
 */
async function withJobQueues<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  const sender = await createJobEngine(handle, backgroundJobs, { sendOnly: true });
  useJobSender(sender);
  try {
    return await work();
  } finally {
    useJobSender(undefined);
    await sender.stop({ graceful: false, close: false });
  }
}

async function dataDirOf(handle: DbHandle): Promise<Uint8Array> {
  // A checkpoint first, so a copy starts without replaying the write-ahead log.
  await (handle.db as unknown as { $client: PGlite }).$client.exec("checkpoint");
  const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
  return new Uint8Array(await dump.arrayBuffer());
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-templates-"));
  const uploads = path.join(dir, "uploads");
  const storage = diskStorage(uploads);
  const serverUrl = process.env.TEST_DATABASE_URL;
  let templates: DatabaseTemplates;
  let drop = async () => {};

  if (serverUrl) {
    const migrated = await createPostgresDatabase(serverUrl, "it_template");
    const handle = openPostgres(migrated.url, 1);
    try {
      await migrateDatabase(handle);
      await withJobQueues(handle, async () => {});
    } finally {
      await handle.close();
    }
    const seeded = await createPostgresDatabase(serverUrl, "it_template_seeded", { template: migrated.name });
    const seededHandle = openPostgres(seeded.url, 1);
    try {
      await withJobQueues(seededHandle, () => seedDemoData(seededHandle.db, storage));
    } finally {
      await seededHandle.close();
    }
    templates = { kind: "postgres", migrated: migrated.name, seeded: seeded.name, uploads };
    drop = async () => {
      await seeded.drop();
      await migrated.drop();
    };
  } else {
    const handle = openPglite(undefined);
    try {
      await migrateDatabase(handle);
      await withJobQueues(handle, async () => {
        const migrated = path.join(dir, "migrated.tar");
        fs.writeFileSync(migrated, await dataDirOf(handle));
        await seedDemoData(handle.db, storage);
      });
      const migrated = path.join(dir, "migrated.tar");
      const seeded = path.join(dir, "seeded.tar");
      fs.writeFileSync(seeded, await dataDirOf(handle));
      templates = { kind: "pglite", migrated, seeded, uploads };
    } finally {
      await handle.close();
    }
  }

  project.provide("databaseTemplates", templates);
  console.info(`[integration] template databases (${templates.kind}) made in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return async () => {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
