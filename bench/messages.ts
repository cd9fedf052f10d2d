// `npm run bench:messages`: the thread lists (client and admin) with 300 threads, and a thread of
// 1,000 messages with attachments opened and paged back, on a fresh in-memory PGlite. Prints the
// query count and server time of each. BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-messages-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";

const { openPglite, openPostgres } = await import("../src/server/core/db/client");
const { createPostgresDatabase } = await import("../tests/helpers/postgres-database");
const { migrateDatabase } = await import("../src/server/core/db/migrate");
const { seedDemoData } = await import("../src/features/demo/server/seed-demo");
const { getStorage } = await import("../src/server/core/storage/storage");
const { countQueries } = await import("../src/server/core/db/query-counter");
const { getThreadPage, listAdminThreads, listClientThreads, countAdminUnreadThreads } =
  await import("../src/features/messages/server/messages-read");
const schema = await import("../tests/helpers/all-tables");

const THREADS = 300;
const LONG_THREAD = 1_000;
const RUNS = 20;

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
  await seedDemoData(db, getStorage());

  const userId = "bench-client";
  const adminId = "bench-admin";
  await db.insert(schema.user).values([
    { id: userId, name: "Bench Client", email: "bench@example.test", role: "client" },
    { id: adminId, name: "Bench Admin", email: "bench-admin@example.test", role: "admin" },
  ]);
  const [client] = await db
    .insert(schema.clients)
    .values({ company: "Bench Corp", contactPerson: "Bench Client", contactEmail: "bench@example.test" })
    .returning({ id: schema.clients.id });
  const clientId = client!.id;
  await db.insert(schema.clientPeople).values({ userId, clientId, role: "owner", status: "active" });

  const threads = await db
    .insert(schema.messageThreads)
    .values(
      Array.from({ length: THREADS }, (_, i) => ({
        clientId,
        subject: `Thread ${i + 1}`,
        lastMessageAt: new Date(Date.now() - i * 60_000),
      })),
    )
    .returning({ id: schema.messageThreads.id });
  // Three messages in each thread, one long thread of 1,000 with a file on every tenth message.
  const short = threads.slice(1).flatMap((t, i) =>
    Array.from({ length: 3 }, (_, j) => ({
      threadId: t.id,
      authorId: j % 2 ? adminId : userId,
      authorRole: (j % 2 ? "admin" : "client") as "admin" | "client",
      authorName: j % 2 ? "Bench Admin" : "Bench Client",
      body: `Message ${i}.${j}`,
      createdAt: new Date(Date.now() - (i * 3 + j) * 60_000),
    })),
  );
  for (let i = 0; i < short.length; i += 1_000) await db.insert(schema.messages).values(short.slice(i, i + 1_000));
  const longId = threads[0]!.id;
  const base = Date.now() - LONG_THREAD * 1_000;
  const long = await db
    .insert(schema.messages)
    .values(
      Array.from({ length: LONG_THREAD }, (_, i) => ({
        threadId: longId,
        authorId: i % 2 ? adminId : userId,
        authorRole: (i % 2 ? "admin" : "client") as "admin" | "client",
        authorName: i % 2 ? "Bench Admin" : "Bench Client",
        body: `Long message ${i + 1}: see https://example.com/finding/${i + 1}`,
        createdAt: new Date(base + i * 1_000),
      })),
    )
    .returning({ id: schema.messages.id });
  await db.insert(schema.messageAttachments).values(
    long
      .filter((_, i) => i % 10 === 0)
      .map((m, i) => ({
        messageId: m.id,
        name: `evidence-${i}.pdf`,
        storageKey: `bench/attachment-${i}.pdf`,
        fileSize: 1_000 + i,
        mimeType: "application/pdf",
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
  const admin = { role: "admin", userId: adminId, email: "bench-admin@example.test", name: "Bench Admin" } as const;

  const measure = async <T>(name: string, fn: () => Promise<T>, describe: (result: T) => string) => {
    for (let i = 0; i < 3; i++) await fn();
    const times: number[] = [];
    let queries = 0;
    let result: T | undefined;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const measured = await countQueries(fn);
      times.push(performance.now() - start);
      queries = measured.queries;
      result = measured.result;
    }
    times.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.info(
      "  %s: %d queries, median %s, p95 %s (%s)",
      name.padEnd(28),
      queries,
      ms(times[Math.floor(RUNS / 2)]!),
      ms(times[Math.ceil(RUNS * 0.95) - 1]!),
      describe(result!),
    );
  };

  console.info("Messages (%s, %d runs after 3 warm-ups)", label, RUNS);
  await measure(
    "client thread list",
    () => listClientThreads(db, { actor }),
    (r) => `${r.length} threads`,
  );
  await measure(
    "admin thread list",
    () => listAdminThreads(db, { actor: admin, filter: { unread: false } }),
    (r) => `${r.length} threads`,
  );
  await measure(
    "admin unread count",
    () => countAdminUnreadThreads(db, { actor: admin }),
    (r) => `${r} unread`,
  );
  await measure(
    "open 1,000-message thread",
    () => getThreadPage(db, { actor, threadId: longId }),
    (r) => `${r.messages.length} shown, older: ${r.hasOlder}`,
  );
  const oldestShown = (await getThreadPage(db, { actor, threadId: longId })).messages[0]!.id;
  await measure(
    "load older page",
    () => getThreadPage(db, { actor, threadId: longId, before: oldestShown }),
    (r) => `${r.messages.length} shown`,
  );
} finally {
  await handle.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
