// `npm run bench:square`: sync of 10,000 invoices from the fake Square into a fresh database,
// printing wall time and database round trips (target: under 10 s). Runs on an in-memory PGlite,
// or on PostgreSQL when BENCH_DATABASE_URL is set. BENCH_INVOICES changes the count.
import { closeDb, installDbHandle, openPglite, openPostgres } from "../src/server/core/db/client";
import { migrateDatabase } from "../src/server/core/db/migrate";
import { countQueries } from "../src/server/core/db/query-counter";
import { seedDemoData } from "../src/features/demo/server";
import { createSquareClient } from "../src/features/square/server/client";
import { squareConfig, syncSquareInvoices } from "../src/features/square/server";
import { saveConnection } from "../src/features/square/server/connection";
import { fetchSquareSnapshot } from "../src/features/square/server/square-fetch";
import { getStorage } from "../src/server/core/storage/storage";
import { generatedFixture } from "../tools/fake-square/fixtures";
import { startFakeSquare } from "../tools/fake-square/server";

const total = Number(process.env.BENCH_INVOICES ?? 10_000);
const locations = 3;
const perLocation = Array.from({ length: locations }, (_, i) => Math.floor(total / locations) + (i < total % locations ? 1 : 0));

process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0000";
process.env.DATA_DIR ??= `/tmp/bench-square-${process.pid}`;
process.env.SEED_DEMO = "false";

const fake = await startFakeSquare({ fixture: generatedFixture({ perLocation, emails: ["client@example.com", "client2@example.com"] }) });
process.env.SQUARE_APPLICATION_ID = fake.applicationId;
process.env.SQUARE_APPLICATION_SECRET = fake.applicationSecret;
process.env.SQUARE_BASE_URL = fake.url;
process.env.SQUARE_MAX_RETRIES = "0";

// Square's port (src/identity-ports.ts, as src/instrumentation.ts hands it over at start).
const { provideSquarePorts } = await import("../src/features/square/server/ports");
provideSquarePorts(async () => (await import("../src/identity-ports")).squarePorts);

const handle = process.env.BENCH_DATABASE_URL ? openPostgres(process.env.BENCH_DATABASE_URL) : openPglite(undefined);
installDbHandle(handle);
try {
  await migrateDatabase(handle);
  await seedDemoData(handle.db, getStorage());
  const token = fake.issueToken();
  await saveConnection(handle.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });

  const run = async (label: string) => {
    const started = performance.now();
    const { result, queries } = await countQueries(() => syncSquareInvoices(handle.db, null));
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `${label.padEnd(14)} ${seconds.toFixed(2).padStart(6)} s  ${String(queries).padStart(3)} database round trips  ` +
        `${result.synced} synced (${result.created} new, ${result.updated} updated, ${result.unchanged} unchanged), ${result.unmatched} unmatched, ` +
        `${result.pages} pages from ${result.locations} locations`,
    );
    return seconds;
  };

  console.info(`Square sync benchmark: ${total} invoices at the fake, ${handle.kind}, Node ${process.version}`);
  const first = await run("first sync");
  await run("repeat sync");
  // The share of the time spent reading Square (HTTP and the SDK's parsing), without the database.
  const started = performance.now();
  await fetchSquareSnapshot(createSquareClient(squareConfig()!, token.accessToken));
  console.info(
    `${"Square reads".padEnd(14)} ${((performance.now() - started) / 1000).toFixed(2).padStart(6)} s  (the fetch phase alone, for comparison)`,
  );
  console.info(first < 10 ? "target met: first sync under 10 s" : "TARGET MISSED: first sync took 10 s or more");
} finally {
  installDbHandle(undefined);
  await handle.close();
  await closeDb();
  await fake.close();
}
