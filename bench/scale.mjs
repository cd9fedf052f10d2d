// `npm run bench:scale`: throughput of the deployment the scale harness runs (tests/scale):
// 200 simulated users through the round-robin proxy, first over three production instances on
// one PostgreSQL database and an S3 server, then over one of them. Each user signs in once
// (before the clock starts) from its own loopback address, then for 60 s loads the portal (which
// renders the document list) and asks for the link of one of its documents, again and again.
// Prints requests/s, p50, p99 and errors for both runs, and their ratio. Before each run every
// user makes one unmeasured round, so neither run pays for a cold instance.
// Needs the build (`npm run build`) and TEST_DATABASE_URL (a PostgreSQL server; a database is
// created and dropped). BENCH_USERS and BENCH_SECONDS change the defaults.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { ensureBuild } from "../scripts/ensure-build.mjs";

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ACCOUNTS = ["client@example.com", "client2@example.com"];
const PASSWORD = "demo-client-password";

ensureBuild();
const { startCluster, startAll } = await import("../tests/scale/cluster.ts");
const { Browser } = await import("../tests/scale/http.ts");
const { Client } = await import("pg");

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function signInAll(cluster) {
  const users = [];
  // A few at a time: each sign-in hashes a password (CPU), and the per-account limit counts
  // attempts in flight until one succeeds.
  const queue = Array.from({ length: USERS }, (_, n) => n);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (queue.length > 0) {
        const n = queue.shift();
        const address = `127.3.${(n >> 8) & 255}.${n & 255}`;
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const browser = new Browser(cluster.appUrl, address, undefined, agent);
        const email = ACCOUNTS[n % ACCOUNTS.length];
        const response = await browser.request("/api/auth/sign-in/email", {
          method: "POST",
          json: { email, password: PASSWORD, rememberMe: true },
        });
        if (response.status !== 200) throw new Error(`sign-in of user ${n} failed: ${response.status} ${response.text()}`);
        users.push({ browser, email });
      }
    }),
  );
  return users;
}

/** One round per user, not measured: every instance has rendered the pages (JIT, caches) before the clock starts. */
async function warmUp(users, documentIds) {
  await Promise.all(
    users.map(async ({ browser, email }) => {
      await browser.request("/client-portal").catch(() => {});
      await browser.request(`/api/client/documents/${documentIds.get(email)}`).catch(() => {});
    }),
  );
}

async function run(label, users, documentIds) {
  await warmUp(users, documentIds);
  const latencies = [];
  let errors = 0;
  const errorKinds = new Map();
  const failed = (kind) => {
    errors++;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  };
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const timed = async (browser, path) => {
    const t0 = performance.now();
    try {
      const response = await browser.request(path);
      latencies.push(performance.now() - t0);
      if (response.status !== 200) failed(`HTTP ${response.status}`);
    } catch (error) {
      latencies.push(performance.now() - t0);
      failed(String(error?.message ?? error).split(":")[0]);
    }
  };
  await Promise.all(
    users.map(async ({ browser, email }) => {
      const documentId = documentIds.get(email);
      while (performance.now() < deadline) {
        await timed(browser, "/client-portal");
        if (performance.now() >= deadline) break;
        await timed(browser, `/api/client/documents/${documentId}`);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const result = {
    label,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
  console.info(
    `${label.padEnd(16)} ${String(result.requests).padStart(7)} requests  ${result.rps.toFixed(1).padStart(7)} req/s  p50 ${result.p50.toFixed(0).padStart(6)} ms  p99 ${result.p99.toFixed(0).padStart(6)} ms  errors ${errors}${errors ? ` (${[...errorKinds].map(([k, n]) => `${k}: ${n}`).join(", ")})` : ""}`,
  );
  return result;
}

const cluster = await startCluster({ instances: 3, mail: false, square: false });
try {
  await startAll(cluster);
  const db = new Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const documents = await db.query(
    `select u.email, min(d.id::text) as id from documents d join clients c on c.id = d.client_id join client_people p on p.client_id = c.id join "user" u on u.id = p.user_id group by u.email`,
  );
  await db.end();
  const documentIds = new Map(documents.rows.map((r) => [r.email, r.id]));
  console.info(`[bench] ${USERS} users, ${SECONDS} s per run; signing in...`);
  const users = await signInAll(cluster);
  const three = await run("three instances", users, documentIds);
  // The same users and sessions over one instance: the other two leave the rotation and stop.
  cluster.proxy.setUpstreams([cluster.instances[0].port]);
  await Promise.all(cluster.instances.slice(1).map((i) => i.signal("SIGTERM")));
  const one = await run("one instance", users, documentIds);
  console.info(
    `ratio (three / one): ${(three.rps / one.rps).toFixed(2)}x req/s; p50 ${(one.p50 / three.p50).toFixed(2)}x lower, p99 ${(one.p99 / three.p99).toFixed(2)}x lower with three`,
  );
  for (const { browser } of users) browser.agent?.destroy();
} finally {
  await cluster.stop();
}
