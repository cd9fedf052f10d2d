// `npm run bench:webhooks`: the two webhook budgets (docs/PRODUCT.md#api-and-webhooks), on a fresh
// in-memory PGlite (BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL):
// - publishing 200 findings to a company with 3 endpoints queues 3 deliveries per event in the
//   publish's one transaction, and the publish takes ≤ 300 ms (median of 5);
// - 10,000 queued deliveries to a local receiver are delivered at ≥ 200 per second.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-webhooks-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";

const { openPglite, openPostgres } = await import("../src/server/core/db/client");
const { createPostgresDatabase } = await import("../tests/helpers/postgres-database");
const { migrateDatabase } = await import("../src/server/core/db/migrate");
const { allowLoopbackForTests } = await import("../src/server/core/outbound/guarded-fetch");
const { publishFindings } = await import("../src/features/findings/server");
const { drainWebhookDeliveries, newSealedWebhookSecret, queueWebhookEvents } = await import("../src/features/webhooks/server");
const schema = await import("../src/server/core/db/schema");

const PUBLISH_FINDINGS = 200;
const PUBLISH_RUNS = 5;
const PUBLISH_TARGET_MS = 300;
const DELIVERIES = 10_000;
const RATE_TARGET = 200;

async function openBenchDatabase() {
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (!baseUrl) return { handle: openPglite(undefined), label: "PGlite in memory", drop: async () => {} };
  const { url, drop } = await createPostgresDatabase(baseUrl, "bench");
  return { handle: openPostgres(url), label: "PostgreSQL", drop };
}

// The receiver: answers every delivery 204 at once.
let received = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received++;
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
allowLoopbackForTests(`127.0.0.1:${port}`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const { handle, label, drop } = await openBenchDatabase();
let failed = false;
try {
  await migrateDatabase(handle);
  const { db } = handle;
  await db.insert(schema.user).values({ id: "bench-admin", name: "Bench Admin", email: "admin@bench.example", role: "admin" });
  const admin = { role: "admin" as const, userId: "bench-admin", email: "admin@bench.example", name: "Bench Admin" };
  const [client] = await db
    .insert(schema.clients)
    .values({ company: "Bench Corp", contactPerson: "Bench", contactEmail: "bench@bench.example" })
    .returning({ id: schema.clients.id });
  const clientId = client!.id;
  const endpoints = await db
    .insert(schema.webhookEndpoints)
    .values(
      [1, 2, 3].map((n) => ({
        clientId,
        kind: "standard" as const,
        url: `http://127.0.0.1:${port}/hook-${n}`,
        events: ["finding.published" as const],
        sealedSecret: newSealedWebhookSecret(),
        createdByName: "Bench",
      })),
    )
    .returning({ id: schema.webhookEndpoints.id });

  console.info(`${label}: publish ${PUBLISH_FINDINGS} findings to a company with ${endpoints.length} endpoints (${PUBLISH_RUNS} runs)`);
  const SEVERITIES = ["critical", "high", "medium", "low"] as const;
  const timings: number[] = [];
  for (let run = 0; run < PUBLISH_RUNS; run++) {
    const [project] = await db
      .insert(schema.projects)
      .values({ clientId, projectName: `Bench engagement ${run + 1}` })
      .returning({ id: schema.projects.id });
    const drafts = await db
      .insert(schema.findings)
      .values(
        Array.from({ length: PUBLISH_FINDINGS }, (_, i) => ({
          clientId,
          projectId: project!.id,
          title: `Finding ${i + 1}`,
          severity: SEVERITIES[i % SEVERITIES.length]!,
          status: "draft" as const,
        })),
      )
      .returning({ id: schema.findings.id });
    const started = performance.now();
    await publishFindings(db, { actor: admin, projectId: project!.id, findingIds: drafts.map((d) => d.id) });
    timings.push(performance.now() - started);
  }
  const queued = ((await db.execute(sql`select count(*)::int as n from webhook_deliveries`)) as unknown as { rows: { n: number }[] })
    .rows[0]!.n;
  const publishMs = median(timings);
  const perEvent = queued / (PUBLISH_FINDINGS * PUBLISH_RUNS);
  const publishMet = publishMs <= PUBLISH_TARGET_MS && perEvent === endpoints.length;
  console.info(
    `  median ${publishMs.toFixed(0)} ms (runs ${timings.map((t) => t.toFixed(0)).join(", ")}), ${perEvent} deliveries per event: ${publishMet ? "met" : "missed"} (≤ ${PUBLISH_TARGET_MS} ms, ${endpoints.length} per event)`,
  );
  await db.execute(sql`delete from webhook_events`);

  console.info(`\n${label}: deliver ${DELIVERIES.toLocaleString("en-US")} queued events to a local receiver`);
  const events = Array.from({ length: DELIVERIES }, (_, i) => ({
    clientId,
    type: "finding.published" as const,
    data: { findingId: `bench-${i}` },
    chatText: "Bench",
    portalPath: "/client-portal",
  }));
  // One endpoint takes them all: the others are switched off.
  await db.execute(sql`update webhook_endpoints set state = 'disabled' where id <> ${endpoints[0]!.id}`);
  for (let i = 0; i < events.length; i += 1000) await queueWebhookEvents(db, events.slice(i, i + 1000));
  received = 0;
  const started = performance.now();
  let delivered = 0;
  for (;;) {
    const result = await drainWebhookDeliveries(db);
    delivered += result.succeeded;
    if (result.succeeded + result.failed === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = delivered / seconds;
  const rateMet = rate >= RATE_TARGET && delivered === DELIVERIES && received === DELIVERIES;
  console.info(
    `  ${delivered.toLocaleString("en-US")} delivered (${received.toLocaleString("en-US")} received) in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} per second: ${rateMet ? "met" : "missed"} (≥ ${RATE_TARGET} per second)`,
  );
  failed = !publishMet || !rateMet;
} finally {
  await handle.close();
  await drop();
  server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed && process.argv.includes("--check") ? 1 : 0);
