// `npm run bench:jobs`: background work through the job engine (src/server/core/jobs), on a fresh
// in-memory PGlite, or on PostgreSQL with BENCH_DATABASE_URL (else TEST_DATABASE_URL or
// DATABASE_URL) where `--instances N` (3 by default there) runs N engines, each with its own pool,
// draining together as N servers would:
// - publishing 200 findings to a company with 3 endpoints queues 3 deliveries per event, each with
//   its job, in the publish's one transaction, within 300 ms (median of 5);
// - 10,000 webhook deliveries to a local receiver, each received exactly once (counted by
//   webhook-id), at ≥ 487 per second on PostgreSQL (the figure of the claim loop this replaced);
// - 10,000 mails to a local SMTP server, each received exactly once (counted by subject);
// - a cron schedule with every engine up fires once per minute (counted over 5 minutes, on a test
//   clock the engines share, so the bench does not wait for them).
// `--check` exits 1 on a missed budget.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type PgBoss, TestClock } from "pg-boss";
import { startSmtpSink } from "../tests/integration/helpers/smtp-sink";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-jobs-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
const smtp = await startSmtpSink({ delayMs: () => 0 });
process.env.SMTP_URL = smtp.url;

const { openPglite, openPostgres } = await import("../src/server/core/db/client");
const { createPostgresDatabase } = await import("../tests/helpers/postgres-database");
const { migrateDatabase } = await import("../src/server/core/db/migrate");
const { createJobEngine } = await import("../src/server/core/jobs/engine");
const { useJobSender } = await import("../src/server/core/jobs/send");
const { allowLoopbackForTests } = await import("../src/server/core/outbound/guarded-fetch");
const { enqueueEmail, mailSendJob } = await import("../src/server/core/mail/outbox");
const { publishFindings } = await import("../src/features/findings/server/findings-write");
const { newSealedWebhookSecret, queueWebhookEvents } = await import("../src/features/webhooks/server");
const { webhookDeliverJob } = await import("../src/features/webhooks/server/deliver");
const schema = await import("../tests/helpers/all-tables");

const PUBLISH_FINDINGS = 200;
const PUBLISH_RUNS = 5;
const PUBLISH_TARGET_MS = 300;
const COUNT = 10_000;
const SCHEDULE_MINUTES = 5;
const RATE_TARGET = 487;
const check = process.argv.includes("--check");
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const instancesArg = process.argv.indexOf("--instances");
const instances = serverUrl ? (instancesArg > 0 ? Number(process.argv[instancesArg + 1]) : 3) : 1;

async function openBenchDatabase() {
  if (!serverUrl) return { handle: openPglite(undefined), url: null, label: "PGlite in memory", drop: async () => {} };
  const { url, drop } = await createPostgresDatabase(serverUrl, "bench");
  return { handle: openPostgres(url), url, label: `PostgreSQL, ${instances} instance(s)`, drop };
}

// The receiver: answers every delivery 204 at once, counting each webhook-id.
const receipts = new Map<string, number>();
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const id = String(req.headers["webhook-id"]);
    receipts.set(id, (receipts.get(id) ?? 0) + 1);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
allowLoopbackForTests(`127.0.0.1:${port}`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const { handle, url, label, drop } = await openBenchDatabase();
const engines: PgBoss[] = [];
const extraHandles: Array<{ close: () => Promise<void> }> = [];
let failed = false;

/** Starts the working engines (the first on the bench's handle, the others on pools of their own). */
async function startEngines(jobs: Array<typeof webhookDeliverJob>, clock?: TestClock) {
  for (let i = 0; i < instances; i++) {
    const own = i === 0 || !url ? handle : openPostgres(url);
    if (own !== handle) extraHandles.push(own);
    engines.push(await createJobEngine(own, jobs, clock ? { clock } : {}));
  }
}

/**
 * Every engine up with one schedule firing each minute: the test clock moves 10 s at a time (a
 * pause for the handlers between), and each minute begun must bring exactly one run.
 */
async function countScheduleFirings(): Promise<{ minutes: number; runs: number }> {
  // A day ahead: the engines before marked the schedules as looked at up to the real time.
  const start = (Math.floor(Date.now() / 60_000) + 24 * 60) * 60_000 + 30_000;
  const clock = new TestClock(start);
  let runs = 0;
  await startEngines([{ name: "bench.every-minute", cron: "* * * * *", run: async () => void runs++ }], clock);
  const minutesBegun = () => Math.floor(clock.now() / 60_000) - Math.floor(start / 60_000);
  for (let step = 0; step < 200 && (minutesBegun() < SCHEDULE_MINUTES || runs < minutesBegun()); step++) {
    await clock.tick(10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A moment more: a second run of any minute would come now.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await stopEngines();
  return { minutes: minutesBegun(), runs };
}

async function stopEngines() {
  for (const engine of engines.splice(0)) await engine.stop({ graceful: true, close: false, timeout: 5000 });
  for (const extra of extraHandles.splice(0)) await extra.close();
}

async function until(done: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

try {
  await migrateDatabase(handle);
  const { db } = handle;
  // Queued first, as requests would, with no worker running: the sender only writes jobs.
  const sender = await createJobEngine(handle, [webhookDeliverJob, mailSendJob], { sendOnly: true });
  useJobSender(sender);
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
  const count = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const queued = await count(sql`select count(*)::int as n from webhook_deliveries`);
  const jobs = await count(sql`select count(*)::int as n from pgboss.job where name = ${webhookDeliverJob.name}`);
  const publishMs = median(timings);
  const perEvent = queued / (PUBLISH_FINDINGS * PUBLISH_RUNS);
  const publishMet = publishMs <= PUBLISH_TARGET_MS && perEvent === endpoints.length && jobs === queued;
  console.info(
    `  median ${publishMs.toFixed(0)} ms (runs ${timings.map((t) => t.toFixed(0)).join(", ")}), ${perEvent} deliveries per event, ${jobs} jobs: ${publishMet ? "met" : "missed"} (≤ ${PUBLISH_TARGET_MS} ms, ${endpoints.length} per event, one job each)`,
  );
  await db.execute(sql`delete from webhook_events`);
  await db.execute(sql`delete from pgboss.job where name = ${webhookDeliverJob.name}`);

  console.info(`\n${label}: ${COUNT.toLocaleString("en-US")} webhook deliveries and ${COUNT.toLocaleString("en-US")} mails`);
  // One endpoint takes them all: the others are switched off.
  await db.execute(sql`update webhook_endpoints set state = 'disabled' where id <> ${endpoints[0]!.id}`);
  const events = Array.from({ length: COUNT }, (_, i) => ({
    clientId,
    type: "finding.published" as const,
    data: { findingId: `bench-${i}` },
    chatText: "Bench",
    portalPath: "/client-portal",
  }));
  for (let i = 0; i < events.length; i += 1000) await db.transaction((tx) => queueWebhookEvents(tx, events.slice(i, i + 1000)));
  for (let i = 0; i < COUNT; i += 500)
    await db.transaction(async (tx) => {
      for (let n = i; n < Math.min(i + 500, COUNT); n++)
        await enqueueEmail(tx, { to: `user${n}@bench.example`, subject: `Bench mail ${n}`, text: "Bench", kind: "bench" });
    });
  useJobSender(undefined);
  await sender.stop({ graceful: false, close: false });

  // One kind at a time, so each throughput is its own: the webhooks, then the mails.
  let started = performance.now();
  await startEngines([webhookDeliverJob]);
  await until(() => receipts.size >= COUNT, 600_000);
  const webhookSeconds = (performance.now() - started) / 1000;
  // A moment more: a second copy of anything would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await stopEngines();
  started = performance.now();
  await startEngines([mailSendJob]);
  await until(() => smtp.received.length >= COUNT, 600_000);
  const mailSeconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const duplicates = [...receipts.values()].filter((n) => n > 1).length;
  const subjects = new Set(smtp.received.map((m) => m.subject));
  const webhookRate = receipts.size / webhookSeconds;
  const webhooksOnce = receipts.size === COUNT && duplicates === 0;
  const mailsOnce = subjects.size === COUNT && smtp.received.length === COUNT;
  const rateMet = !url || webhookRate >= RATE_TARGET;
  console.info(
    `  webhooks: ${receipts.size.toLocaleString("en-US")} received once each (${duplicates} twice) in ${webhookSeconds.toFixed(1)} s: ${webhookRate.toFixed(0)} per second: ${webhooksOnce && rateMet ? "met" : "missed"} (each once${url ? `, ≥ ${RATE_TARGET} per second` : ""})`,
  );
  console.info(
    `  mails: ${subjects.size.toLocaleString("en-US")} received (${smtp.received.length - subjects.size} twice) in ${mailSeconds.toFixed(1)} s: ${(subjects.size / mailSeconds).toFixed(0)} per second: ${mailsOnce ? "met" : "missed"} (each once)`,
  );
  await stopEngines();
  const schedule = await countScheduleFirings();
  const scheduleOnce = schedule.runs === schedule.minutes;
  console.info(
    `  schedule: ${schedule.runs} runs in ${schedule.minutes} minutes with ${instances} engine(s) up: ${scheduleOnce ? "met" : "missed"} (once per minute)`,
  );
  failed = !publishMet || !webhooksOnce || !rateMet || !mailsOnce || !scheduleOnce;
} finally {
  await stopEngines();
  await handle.close();
  await drop();
  server.close();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed && check ? 1 : 0);
