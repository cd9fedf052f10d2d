// `npm run bench:download`: a 50 MB document downloaded through the route handlers as a client
// does (GET /api/client/documents/{id} for the signed link, then GET /api/files/{id}), from disk
// storage on a fresh in-memory PGlite. Prints the bytes received, the time to the last byte and how
// much the server's memory grew meanwhile (target: under 20 MB; the file is streamed from storage,
// never held whole): the live JS heap and buffers, collected every 4 MB, and the process's RSS.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-download-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
process.env.APP_URL = "http://localhost:3000";

const { openPglite, installDbHandle } = await import("../src/server/core/db/client");
const { migrateDatabase } = await import("../src/server/core/db/migrate");
const { seedDemoData } = await import("../src/features/demo/server/seed-demo");
const { getStorage, newStorageKey } = await import("../src/server/core/storage/storage");
const { getAuth } = await import("../src/features/identity/server/auth");
// Identity's and audit's ports, as src/instrumentation.ts hands them over at start (the route's guard
// reads the company, the access it records the actor).
const { provideIdentityPorts } = await import("../src/features/identity/server/ports");
const { provideAuditPorts } = await import("../src/features/audit/server/ports");
provideIdentityPorts(async () => (await import("../src/identity-ports")).identityPorts);
provideAuditPorts(async () => (await import("../src/identity-ports")).auditPorts);
const { DEMO_CLIENTS, DEMO_PASSWORDS, DEMO_USERS } = await import("../src/features/demo/server/demo-data");
const schema = await import("../tests/helpers/all-tables");
const { GET: linkRoute } = await import("../src/app/api/client/documents/[id]/route");
const { GET: fileRoute } = await import("../src/app/api/files/[id]/route");

const SIZE = 50 * 1024 * 1024;
const ORIGIN = "http://localhost:3000";
const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;

const handle = openPglite(undefined);
try {
  await migrateDatabase(handle);
  installDbHandle(handle);
  const { db } = handle;
  await seedDemoData(db, getStorage());

  // The file is written in 1 MB pieces, so the bench itself never holds 50 MB either.
  const key = newStorageKey("pdf");
  const hash = createHash("sha256");
  async function* pieces() {
    const head = Buffer.from("%PDF-1.4\n");
    hash.update(head);
    yield new Uint8Array(head);
    for (let written = head.byteLength; written < SIZE;) {
      const piece = randomBytes(Math.min(1024 * 1024, SIZE - written));
      hash.update(piece);
      written += piece.byteLength;
      yield new Uint8Array(piece);
    }
  }
  await getStorage().put(key, pieces());
  const expected = hash.digest("hex");
  const [doc] = await db
    .insert(schema.documents)
    .values({ clientId: DEMO_CLIENTS.acme.id, name: "Fifty megabytes.pdf", storageKey: key, fileSize: SIZE, mimeType: "application/pdf" })
    .returning({ id: schema.documents.id });

  const signIn = await getAuth().handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": "10.9.9.9" },
      body: JSON.stringify({ email: DEMO_USERS.acme.email, password: DEMO_PASSWORDS.client }),
    }),
  );
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  let sample: () => void = () => {};
  const downloadOnce = async () => {
    const params = { params: Promise.resolve({ id: doc!.id }) };
    const link = await linkRoute(
      new Request(`${ORIGIN}/api/client/documents/${doc!.id}`, { headers: { cookie, "x-forwarded-for": "10.9.9.9" } }),
      params,
    );
    if (link.status !== 200) throw new Error(`link answered ${link.status}: ${await link.text()}`);
    const { downloadUrl } = (await link.json()) as { downloadUrl: string };
    const file = await fileRoute(new Request(downloadUrl), params);
    if (file.status !== 200) throw new Error(`file answered ${file.status}`);
    const received = createHash("sha256");
    let bytes = 0;
    const reader = file.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      sample();
      if (done) break;
      bytes += value.byteLength;
      received.update(value);
    }
    return { bytes, same: received.digest("hex") === expected, length: file.headers.get("content-length") };
  };

  await downloadOnce(); // warm-up
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) console.warn("Run with node --expose-gc (npm run bench:download) for a memory figure from a collected heap.");
  gc?.();
  const before = process.memoryUsage();
  const base = before.heapUsed + before.external + before.arrayBuffers;
  let peakRss = before.rss;
  let peak = base;
  // Garbage the young generation has not collected yet would count as growth: every 4 MB received
  // the heap is collected first, so the figure is what the download holds (its live memory).
  let samples = 0;
  sample = () => {
    if (gc && ++samples % 64 === 0) gc();
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peak = Math.max(peak, now.heapUsed + now.external + now.arrayBuffers);
  };
  const sampler = setInterval(sample, 10);
  const start = performance.now();
  const result = await downloadOnce();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);

  console.info("Document download of a 50 MB file from disk storage (PGlite in memory)");
  console.info(
    "  received:        %s (Content-Length %s), identical to the stored file: %s",
    mb(result.bytes),
    result.length,
    result.same ? "yes" : "NO",
  );
  console.info("  time:            %s s to the last byte", seconds.toFixed(2));
  console.info("  memory growth:   live JS heap + buffers %s, RSS %s (target under 20 MB)", mb(peak - base), mb(peakRss - before.rss));
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
