// `npm run bench:import`: scan files imported into one engagement through the findings module, as
// the admin's preview and Import do (the file streamed from storage by its format's reader, twice:
// preview, then apply). Prints, with "met" or "missed" against the budgets (docs/PRODUCT.md#admin-findings):
//   - 50,000 Nuclei results into a new engagement: preview + import ≤ 60 s;
//   - the same file again: ≤ 30 s, 0 new findings and 0 writes to the findings table;
//   - a 200 MB Nessus file: the process's memory growing by less than 150 MB while it imports.
// On the embedded database the database lives in this process, so its pages count as the process's
// memory; with DATABASE_URL (a PostgreSQL server, as production) the growth is the app's alone.
// `--nuclei N` and `--nessus-mb M` change the sizes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
process.env.APP_URL = "http://localhost:3000";
// The files on disk under DATA_DIR, whatever the database (a server database alone would ask for S3).
process.env.STORAGE = "disk";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const NUCLEI_RESULTS = arg("nuclei", 50_000);
const NESSUS_MB = arg("nessus-mb", 200);

const { openPglite, openPostgres, installDbHandle } = await import("../src/server/core/db/client");
const { migrateDatabase } = await import("../src/server/core/db/migrate");
const { getStorage, newStorageKey } = await import("../src/server/core/storage/storage");
const schema = await import("../tests/helpers/all-tables");
const { applyFindingImport, previewFindingImport } = await import("../src/features/imports/server");
const { NESSUS_ITEM_BYTES, writeLargeNessus, writeLargeNuclei } = await import("../tests/helpers/large-import-files");
const { sql } = await import("drizzle-orm");

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const verdict = (ok: boolean) => (ok ? "met" : "missed");
const admin = { role: "admin" as const, userId: "bench-admin", email: "bench@example.com", name: "Bench Admin" };

// A throwaway database: PGlite in memory, or a fresh database on the given PostgreSQL server.
const serverUrl = process.env.DATABASE_URL;
let dropDatabase = async () => {};
let handle;
if (serverUrl) {
  const name = `bench_import_${process.pid}`;
  const adminHandle = openPostgres(serverUrl, 1);
  await adminHandle.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  handle = openPostgres(url.toString());
  dropDatabase = async () => {
    await adminHandle.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await adminHandle.close();
  };
} else handle = openPglite(undefined);

try {
  await migrateDatabase(handle);
  installDbHandle(handle);
  const { db } = handle;
  await db.insert(schema.user).values({ id: admin.userId, name: admin.name, email: admin.email, role: "admin" });
  const [client] = await db
    .insert(schema.clients)
    .values({ company: "Bench Co", contactPerson: "Bench", contactEmail: "bench-co@example.com" })
    .returning({ id: schema.clients.id });
  const engagement = async (projectName: string) => {
    const [project] = await db.insert(schema.projects).values({ clientId: client!.id, projectName }).returning({ id: schema.projects.id });
    return project!.id;
  };

  /** Stores a file as the upload route does (streamed) and imports it: preview, then apply. */
  async function importFile(projectId: string, file: string, format: "nuclei" | "nessus") {
    const storageKey = newStorageKey("scan");
    await getStorage().put(storageKey, fs.createReadStream(file));
    const stored = { name: path.basename(file), storageKey, size: fs.statSync(file).size };
    const preview = await previewFindingImport(db, { actor: admin, projectId, format, file: stored });
    return applyFindingImport(db, { actor: admin, importId: preview.id, markMissing: false });
  }
  // Every row's id and row version: any insert, update or delete of a finding changes it.
  const findingsState = async () => {
    const result = (await db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(id::text || ':' || xmin::text, ',' order by id), '')) as state from findings`,
    )) as unknown as { rows: { n: number; state: string }[] };
    return result.rows[0]!;
  };

  console.info(
    `Scan imports (${serverUrl ? "PostgreSQL server" : "PGlite in memory"}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
  );

  const nuclei = path.join(dataDir, "nuclei.jsonl");
  const nucleiBytes = await writeLargeNuclei(nuclei, NUCLEI_RESULTS);
  const projectId = await engagement("Bench Nuclei engagement");
  let start = performance.now();
  const first = await importFile(projectId, nuclei, "nuclei");
  const firstSeconds = (performance.now() - start) / 1000;
  console.info(
    "  Nuclei, %s results (%s): %s new drafts in %s s (budget ≤ 60 s: %s)",
    NUCLEI_RESULTS.toLocaleString("en-US"),
    mb(nucleiBytes),
    first.newCount.toLocaleString("en-US"),
    firstSeconds.toFixed(1),
    verdict(firstSeconds <= 60),
  );
  const before = await findingsState();
  start = performance.now();
  const again = await importFile(projectId, nuclei, "nuclei");
  const againSeconds = (performance.now() - start) / 1000;
  const after = await findingsState();
  const untouched = before.n === after.n && before.state === after.state;
  console.info(
    "  the same file again: %s new, %s known in %s s, findings table %s (budget ≤ 30 s, 0 writes: %s)",
    again.newCount,
    again.knownCount.toLocaleString("en-US"),
    againSeconds.toFixed(1),
    untouched ? "untouched" : "WRITTEN",
    verdict(againSeconds <= 30 && again.newCount === 0 && untouched),
  );

  const nessus = path.join(dataDir, "large.nessus");
  // About 2.5 KB per generated item.
  const nessusBytes = await writeLargeNessus(nessus, Math.ceil((NESSUS_MB * 1024 * 1024) / NESSUS_ITEM_BYTES));
  const nessusProject = await engagement("Bench Nessus engagement");
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) console.warn("  (run with node --expose-gc, as npm run bench:import does, for a figure from a collected heap)");
  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  start = performance.now();
  const large = await importFile(nessusProject, nessus, "nessus");
  const nessusSeconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const growth = peakRss - base.rss;
  console.info(
    "  Nessus, %s: %s new drafts in %s s; memory growth: RSS %s, JS heap %s (budget RSS < 150 MB: %s)",
    mb(nessusBytes),
    large.newCount.toLocaleString("en-US"),
    nessusSeconds.toFixed(1),
    mb(growth),
    mb(peakHeap - base.heapUsed),
    verdict(growth < 150 * 1024 * 1024),
  );
} finally {
  await handle.close();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
