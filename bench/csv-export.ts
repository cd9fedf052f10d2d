// `npm run bench:csv`: the admin invoices CSV export over 100,000 invoices, through the route
// handler with a real admin session, on a fresh in-memory PGlite. Prints the time to the last
// byte, the rows and bytes received, and how much the server's memory grew meanwhile (target:
// under 5 s and under 50 MB). BENCH_DATABASE_URL=postgres://… runs it on a new, temporary
// database of that PostgreSQL server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-csv-"));
process.env.DATA_DIR = dataDir; // demo files only; the database itself stays in memory
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
process.env.APP_URL = "http://localhost:3000";

const { openPglite, openPostgres, installDbHandle } = await import("../src/server/core/db/client");
const { createPostgresDatabase } = await import("../tests/helpers/postgres-database");
const { migrateDatabase } = await import("../src/server/core/db/migrate");
const { seedDemoData } = await import("../src/features/demo/server/seed-demo");
const { getStorage } = await import("../src/server/core/storage/storage");
const { getAuth } = await import("../src/features/identity/server/auth");
// Identity's and audit's ports, as src/instrumentation.ts hands them over at start (the route's guard
// reads the company, the access it records the actor).
const { provideIdentityPorts } = await import("../src/features/identity/server/ports");
const { provideAuditPorts } = await import("../src/features/audit/server/ports");
provideIdentityPorts(async () => (await import("../src/identity-ports")).identityPorts);
provideAuditPorts(async () => (await import("../src/identity-ports")).auditPorts);
const { DEMO_PASSWORDS } = await import("../src/features/demo/server/demo-data");
const schema = await import("../tests/helpers/all-tables");
const { GET } = await import("../src/app/api/admin/exports/invoices/route");
const { sql } = await import("drizzle-orm");

const INVOICES = 100_000;
const CLIENTS = 200;
const ORIGIN = "http://localhost:3000";

async function openBenchDatabase() {
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (!baseUrl) return { handle: openPglite(undefined), label: "PGlite in memory", drop: async () => {} };
  const { url, drop } = await createPostgresDatabase(baseUrl, "bench");
  return { handle: openPostgres(url), label: "PostgreSQL", drop };
}

const { handle, label, drop } = await openBenchDatabase();
try {
  await migrateDatabase(handle);
  installDbHandle(handle);
  const { db } = handle;
  await seedDemoData(db, getStorage());

  const users = Array.from({ length: CLIENTS }, (_, i) => ({
    id: `bench-csv-${i}`,
    name: `Bench ${i}`,
    email: `bench-csv-${i}@example.test`,
    role: "client" as const,
  }));
  await db.insert(schema.user).values(users);
  await db.insert(schema.clients).values(
    users.map((u, i) => ({
      userId: u.id,
      company: `Bench Company ${String(i).padStart(3, "0")}, "Ltd"`,
      contactPerson: u.name,
      contactEmail: u.email,
    })),
  );

  const seedStart = performance.now();
  // One INSERT … SELECT over generate_series: the database builds the rows itself. Every 50th
  // invoice has no issue date (exported last); every 7th has text with commas, quotes, a line break
  // and a formula, the rest plain text with quotes.
  await db.execute(sql`
    insert into ${schema.invoices} (client_id, invoice_number, amount_cents, status, issued_date, due_date, paid_date, total_paid_cents, description)
    select c.ids[1 + (i % ${CLIENTS})],
           'CSV-' || lpad(i::text, 6, '0'),
           10001 + (i % 997) * 1013,
           (array['paid', 'pending', 'overdue', 'cancelled'])[1 + i % 4],
           case when i % 50 = 0 then null else make_date(2024 + i % 3, 1 + i % 12, 1 + i % 28) end,
           make_date(2026, 1 + i % 12, 15),
           case when i % 4 = 0 then date '2026-06-30' end,
           case when i % 4 = 0 then 10001 + (i % 997) * 1013 when i % 4 = 1 and i % 3 = 0 then (10001 + (i % 997) * 1013) / 2 else 0 end,
           case when i % 7 = 0 then '=HYPERLINK("x"), line' || chr(13) || chr(10) || 'break ' || i else 'Security work, phase "' || (i % 5) || '"' end
      from generate_series(1, ${INVOICES}) as i,
           (select array_agg(id order by company) as ids from ${schema.clients}) as c`);
  await db.execute("analyze");
  console.info(
    "Seeded %d invoices over %d clients in %s s (%s)",
    INVOICES,
    CLIENTS,
    ((performance.now() - seedStart) / 1000).toFixed(1),
    label,
  );

  const signIn = await getAuth().handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": "10.9.9.9" },
      body: JSON.stringify({ email: "admin@example.com", password: DEMO_PASSWORDS.admin }),
    }),
  );
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  // Memory is sampled on every chunk as well as on a timer: with PGlite in memory the whole export
  // runs in promise jobs, and a timer does not fire until it has finished.
  let sample: () => void = () => {};
  const exportOnce = async () => {
    const response = await GET(new Request(`${ORIGIN}/api/admin/exports/invoices`, { headers: { cookie, "x-forwarded-for": "10.9.9.9" } }));
    if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
    const reader = response.body!.getReader();
    let bytes = 0;
    let newlines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      sample();
      if (done) break;
      bytes += value.byteLength;
      // indexOf, not a loop over every byte: the count must cost next to nothing beside the export.
      for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) newlines += 1;
    }
    return { bytes, newlines, disposition: response.headers.get("content-disposition") };
  };

  await exportOnce(); // warm-up: plan cache, JIT
  // The growth is measured from a collected heap (npm run bench:csv starts node with --expose-gc):
  // otherwise the warm-up's garbage, collected during the measured run, hides the run's own memory.
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) console.warn("Run with node --expose-gc (npm run bench:csv) for a memory figure from a collected heap.");
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.external + before.arrayBuffers;
  sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
  };
  const sampler = setInterval(sample, 10);
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await exportOnce();
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);

  const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;
  console.info("Admin invoices CSV export (%s)", label);
  console.info("  file:            %s", result.disposition);
  console.info(
    "  size:            %s, %d line feeds (header + %d invoices + line breaks inside quoted cells)",
    mb(result.bytes),
    result.newlines,
    INVOICES,
  );
  console.info("  time:            %s s to the last byte (target under 5 s)", seconds.toFixed(2));
  // On a shared machine the wall time includes waiting for a core; the CPU time does not.
  console.info(
    "  CPU time:        %s s in this process (user + system; the database's own work aside on PostgreSQL)",
    ((cpu.user + cpu.system) / 1e6).toFixed(2),
  );
  console.info(
    "  memory growth:   JS heap + buffers %s, RSS %s (target under 50 MB)",
    mb(peakHeap - (before.heapUsed + before.external + before.arrayBuffers)),
    mb(peakRss - before.rss),
  );
  // The peak counts garbage not yet collected (the young generation fills up to its size before a
  // scavenge); what the export kept is what is left once collected.
  if (gc) {
    gc();
    const after = process.memoryUsage();
    console.info(
      "  kept afterwards: JS heap + buffers %s (collected)",
      mb(after.heapUsed + after.external + after.arrayBuffers - (before.heapUsed + before.external + before.arrayBuffers)),
    );
  }
} finally {
  await handle.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
