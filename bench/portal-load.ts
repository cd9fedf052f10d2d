// `npm run bench:portal`: the client portal's data load, section by section (the page reads only the
// section in view), for a client with 200 projects and 5,000 invoices, on a fresh in-memory PGlite.
// Prints each section's server time, query count and data size.
// BENCH_DATABASE_URL=postgres://… runs it on a new, temporary database of that PostgreSQL server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-portal-"));
process.env.DATA_DIR = dataDir; // demo files only; the database itself stays in memory
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";

const { openPglite, openPostgres } = await import("../src/server/core/db/client");
const { createPostgresDatabase } = await import("../tests/helpers/postgres-database");
const { migrateDatabase } = await import("../src/server/core/db/migrate");
const { seedDemoData } = await import("../src/features/demo/server/seed-demo");
const { getStorage } = await import("../src/server/core/storage/storage");
const { countQueries } = await import("../src/server/core/db/query-counter");
const { loadPortalSection } = await import("../src/features/portal/server/portal-load");
// The projects slice's port, as src/instrumentation.ts hands it over at start: its cards read the authorization to sign.
const { provideProjectsPorts } = await import("../src/features/projects/server/ports");
provideProjectsPorts(async () => (await import("../src/identity-ports")).projectsPorts);
const { PORTAL_SECTIONS } = await import("../src/lib/domain/portal-section");
const schema = await import("../tests/helpers/all-tables");
const { DEMO_TIERS } = await import("../src/features/demo/server/demo-data");

const PROJECTS = 200;
const INVOICES = 5_000;
const DOCUMENTS = 100;
const RUNS = 20;

/** A fresh database: in-memory PGlite, or a throwaway database on BENCH_DATABASE_URL. */
async function openBenchDatabase() {
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (!baseUrl) return { handle: openPglite(undefined), label: "PGlite in memory", drop: async () => {} };
  const { url, drop } = await createPostgresDatabase(baseUrl, "bench");
  return { handle: openPostgres(url), label: "PostgreSQL", drop };
}

const { handle, label, drop } = await openBenchDatabase();
try {
  await migrateDatabase(handle);
  const { db } = handle;
  // The demo set gives the tiers and two other clients, so scoping works on a shared table.
  await seedDemoData(db, getStorage());

  const userId = "bench-client";
  await db.insert(schema.user).values({ id: userId, name: "Bench Client", email: "bench@example.test", role: "client" });
  const [client] = await db
    .insert(schema.clients)
    .values({ company: "Bench Corp", contactPerson: "Bench Client", contactEmail: "bench@example.test" })
    .returning({ id: schema.clients.id });
  const clientId = client!.id;
  await db.insert(schema.clientPeople).values({ userId, clientId, role: "owner", status: "active" });

  const projectRows = await db
    .insert(schema.projects)
    .values(
      Array.from({ length: PROJECTS }, (_, i) => ({
        clientId,
        projectName: `Project ${String(i + 1).padStart(3, "0")}`,
        status: (["open", "in_progress", "on_hold", "completed"] as const)[i % 4],
        targetCompletionDate: i % 10 === 0 ? null : `2027-${String((i % 12) + 1).padStart(2, "0")}-15`,
      })),
    )
    .returning({ id: schema.projects.id });

  const statuses = ["paid", "pending", "overdue", "cancelled"] as const;
  const invoices = Array.from({ length: INVOICES }, (_, i) => {
    const status = statuses[i % 4]!;
    const amountCents = 100_000 + (i % 97) * 1_250;
    const withSchedule = i % 10 === 1;
    return {
      clientId,
      // Every tenth invoice is unlinked, like one-off work.
      projectId: i % 10 === 9 ? null : projectRows[i % PROJECTS]!.id,
      invoiceNumber: `B-${String(i + 1).padStart(5, "0")}`,
      amountCents,
      status,
      dueDate: `20${24 + (i % 3)}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      totalPaidCents: status === "paid" ? amountCents : status === "pending" && i % 3 === 0 ? Math.floor(amountCents / 2) : 0,
      squarePaymentUrl: `https://squareup.com/pay-invoice/bench-${i + 1}`,
      paymentSchedule: withSchedule
        ? [
            {
              requestType: "DEPOSIT",
              percentageRequested: "50",
              dueDate: "2026-01-15",
              computedAmountCents: amountCents / 2,
              totalCompletedAmountCents: amountCents / 2,
            },
            {
              requestType: "BALANCE",
              percentageRequested: null,
              dueDate: "2026-03-15",
              computedAmountCents: amountCents / 2,
              totalCompletedAmountCents: 0,
            },
          ]
        : [],
    };
  });
  for (let i = 0; i < invoices.length; i += 1_000) await db.insert(schema.invoices).values(invoices.slice(i, i + 1_000));

  await db.insert(schema.documents).values(
    Array.from({ length: DOCUMENTS }, (_, i) => ({
      clientId,
      name: `Report ${i + 1}.pdf`,
      category: (["contract", "report", "deliverable", "invoice", "other"] as const)[i % 5],
      storageKey: `bench/${i + 1}.pdf`,
      fileSize: 10_000 + i,
      mimeType: "application/pdf",
    })),
  );
  await db.insert(schema.clientRates).values([
    { clientId, serviceType: "AI Security Assessment", hourlyRateCents: 30_000, monthlyRetainerCents: 2_000_000 },
    { clientId, serviceType: "AI Security Governance", hourlyRateCents: 27_500 },
  ]);
  await db.insert(schema.clientSubscriptions).values({ clientId, tierId: DEMO_TIERS[1]!.id, status: "active" });
  await db.insert(schema.serviceBookings).values(
    Array.from({ length: 30 }, (_, i) => ({
      clientId,
      status: (["pending", "approved", "in_progress"] as const)[i % 3],
      serviceType: "Other" as const,
      preferredStartDate: "2027-01-01",
      projectDescription: `Booking ${i + 1}`,
    })),
  );
  await db.execute("analyze");

  const actor = {
    role: "client",
    userId,
    email: "bench@example.test",
    name: "Bench Client",
    clientId,
    company: "Bench Corp",
    personRole: "owner",
    billingWithheld: false,
    reportsWithheld: false,
    findingsWithheld: false,
  } as const;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.info("Client portal load per section (%s, %d runs after 3 warm-ups)", label, RUNS);
  console.info("  client data: %d projects, %d invoices, %d documents", PROJECTS, INVOICES, DOCUMENTS);
  console.info(
    `  ${"section".padEnd(14)} ${"queries".padStart(7)} ${"median".padStart(10)} ${"p95".padStart(10)} ${"max".padStart(10)}  data`,
  );
  for (const section of PORTAL_SECTIONS) {
    const load = () => loadPortalSection(db, { actor, section });
    for (let i = 0; i < 3; i++) await load(); // warm-up: PGlite's plan cache, JIT
    const times: number[] = [];
    let queries = 0;
    let result: unknown;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const measured = await countQueries(load);
      times.push(performance.now() - start);
      queries = measured.queries;
      result = measured.result;
    }
    times.sort((a, b) => a - b);
    const payloadKb = Buffer.byteLength(JSON.stringify(result)) / 1024;
    console.info(
      `  ${section.padEnd(14)} ${String(queries).padStart(7)} ${ms(times[Math.floor(RUNS / 2)]!).padStart(10)} ` +
        `${ms(times[Math.ceil(RUNS * 0.95) - 1]!).padStart(10)} ${ms(times[RUNS - 1]!).padStart(10)}  ${payloadKb.toFixed(1)} KB`,
    );
  }
  const billing = await loadPortalSection(db, { actor, section: "billing" });
  console.info(
    "  billing: %d invoices, the first %d sent to the page (the rest page in on demand); balance due %d cents over %d pending and %d overdue",
    billing.billing!.invoiceCount,
    billing.invoices.length,
    billing.billing!.balanceDueCents,
    billing.billing!.pendingCount,
    billing.billing!.overdueCount,
  );
} finally {
  await handle.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
