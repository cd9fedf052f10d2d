// `npm run bench:http [-- --only health,portal --rounds 3 --duration 10 --connections 50 --cpu-prof DIR]`:
// the request path against the framework's own speed. Builds (once per Next version) a bare Next app
// in a temporary folder from this project's node_modules (one no-op route handler, one static page, one page rendered per request),
// starts it and the product (production build, fresh demo data), then loads each target with
// autocannon one after another: a warm-up leading into `--duration` seconds at `--connections`. Prints
// req/s, p50, p99, errors and each target's ratio to the bare no-op route, and judges the budgets of
// bench/README.md line by line: "met" or "missed".
//
// - The product runs on a fresh embedded database (a throwaway DATA_DIR), or with DATABASE_URL set on
//   a new, throwaway database of that PostgreSQL server (dropped at the end); there only the
//   PostgreSQL budgets are judged (the signed-in screens' p99 ≤ 400 ms, every other p99 ≤ 1 s).
// - `--rounds N` alternates bare and product N times and reports the median of each figure (the
//   machine's other load then weighs on both alike); ratios are always within one round.
// - `--cpu-prof DIR` runs the product under `node --cpu-prof` and prints the profile's top functions
//   by self time when it stops (bench/cpu-profile-top.mjs); the .cpuprofile stays in DIR (open it in
//   Chrome's DevTools).
// - `--large` (PostgreSQL only) adds the large data set after the demo seed: 200 more companies,
//   100,000 findings and 10,000 invoices over every company (bench/seed-large.mjs).
// - `--check` exits 1 when a budget is missed.
// Responses are requested without compression (as the figures in docs/ARCHITECTURE.md were taken).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { freePort } from "../scripts/local-tools.mjs";
import { printProfileTop } from "./cpu-profile-top.mjs";
import { LARGE, seedLarge } from "./seed-large.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const DURATION = Number(option("duration", "10"));
const CONNECTIONS = Number(option("connections", "50"));
const WARMUP_SECONDS = Number(option("warmup", "3"));
const ROUNDS = Math.max(1, Number(option("rounds", "1")) || 1);
const ONLY = option("only", "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const CPU_PROF_DIR = option("cpu-prof", "");
const CHECK = args.includes("--check");
const DATABASE_URL = process.env.DATABASE_URL;
const LARGE_DATA = args.includes("--large");
if (LARGE_DATA && !DATABASE_URL) {
  console.error("--large needs DATABASE_URL: the embedded database belongs to the product's process.");
  process.exit(1);
}

/**
 * The node options `npm start` gives the server (package.json), so the product is measured as it
 * is served: `node [options] scripts/start.mjs`.
 */
function startNodeOptions() {
  const start = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts?.start ?? "";
  const match = /\bnode((?: --\S+)*) scripts\/start\.mjs\b/.exec(start);
  if (!match) throw new Error(`package.json's start script no longer reads "node [options] scripts/start.mjs": ${start}`);
  return match[1].split(" ").filter(Boolean);
}

// The demo data's fixed ids and passwords (src/features/demo/server/demo-data.ts).
const DEMO = {
  admin: { email: "admin@example.com", password: "demo-admin-password" },
  client: { email: "client@example.com", password: "demo-client-password" },
  acmeDocumentId: "00000000-0000-4000-8000-a10000000001",
};

let contactCounter = 0;
/** Each contact request from its own address (TRUST_PROXY=1), so the per-address limit never answers 429. */
function nextContactAddress() {
  contactCounter += 1;
  return `10.${(contactCounter >> 16) & 255}.${(contactCounter >> 8) & 255}.${contactCounter & 255}`;
}
const CONTACT_BODY = JSON.stringify({
  name: "Bench Person",
  email: "bench@example.com",
  company: "Bench Corp",
  serviceInterest: "General Inquiry",
  message: "A load test of the contact endpoint, please ignore.",
});

// budget: ratio = least share of the no-op route's req/s (of: "dynamic", of the bare page rendered per
// request instead: a signed-in screen is measured against the framework's floor for a page);
// p99 = most milliseconds; errors = most errors.
const TARGETS = [
  { id: "noop", app: "bare", path: "/api/noop", label: "bare: no-op route handler" },
  { id: "static", app: "bare", path: "/", label: "bare: static page" },
  // What rendering a page per request costs by itself, before any session or query: the floor
  // under every signed-in screen (bench/README.md).
  { id: "dynamic", app: "bare", path: "/dynamic", label: "bare: page rendered per request" },
  { id: "health", path: "/api/health", label: "/api/health", budget: { ratio: 0.7 } },
  { id: "portal-anon", path: "/client-portal", label: "/client-portal (anonymous)", budget: { ratio: 0.4, p99: 250 } },
  {
    id: "portal",
    path: "/client-portal",
    as: "client",
    expect: "client@example.com",
    label: "/client-portal (demo client)",
    budget: { ratio: 0.5, of: "dynamic", p99: 400, errors: 0 },
  },
  {
    id: "admin-dashboard",
    path: "/admin/dashboard",
    as: "admin",
    expect: "Dashboard",
    label: "/admin/dashboard (demo admin)",
    budget: { ratio: 0.5, of: "dynamic", p99: 400, errors: 0 },
  },
  {
    id: "admin-clients",
    path: "/admin/clients",
    as: "admin",
    expect: "Acme Robotics",
    label: "/admin/clients (demo admin)",
    budget: { ratio: 0.5, of: "dynamic", p99: 400, errors: 0 },
  },
  { id: "download-link", path: `/api/client/documents/${DEMO.acmeDocumentId}`, as: "client", label: "signed download link (client)" },
  // Last: the mail each inquiry queues is drained after the answer and would weigh on the targets after it.
  { id: "contact", method: "POST", path: "/api/contact/send", label: "POST /api/contact/send", contact: true },
];
const POSTGRES_P99_MS = 1000;
/** On PostgreSQL, the signed-in screens (those measured against the bare page) answer faster. */
const postgresP99Of = (target) => (target.budget?.of === "dynamic" ? target.budget.p99 : POSTGRES_P99_MS);

const selected = TARGETS.filter((t) => t.app === "bare" || ONLY.length === 0 || ONLY.includes(t.id));
const unknown = ONLY.filter((id) => !TARGETS.some((t) => t.id === id));
if (unknown.length > 0) {
  console.error(`Unknown target(s): ${unknown.join(", ")}. Targets: ${TARGETS.map((t) => t.id).join(", ")}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// The bare reference app: same Next, same node_modules (hard links: Turbopack refuses a
// node_modules outside the project root), built once per Next version and reused.
function prepareBareApp() {
  const nextVersion = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", "next", "package.json"), "utf8")).version;
  // The suffix names the app's contents: a new one when they change, so no older build is reused.
  const dir = path.join(os.tmpdir(), `sentinel-bench-bare-next-${nextVersion}-3`);
  if (fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) return dir;
  console.info(`[bench] building the bare Next ${nextVersion} app in ${dir} ...`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "app", "api", "noop"), { recursive: true });
  fs.mkdirSync(path.join(dir, "app", "dynamic"), { recursive: true });
  fs.mkdirSync(path.join(dir, "app", "sized"), { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bare-next", private: true, type: "module" }));
  fs.writeFileSync(path.join(dir, "next.config.mjs"), "export default { poweredByHeader: false };\n");
  fs.writeFileSync(
    path.join(dir, "app", "layout.js"),
    'export default function RootLayout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n',
  );
  fs.writeFileSync(path.join(dir, "app", "page.js"), "export default function Page() {\n  return <main><h1>Hello</h1></main>;\n}\n");
  fs.writeFileSync(
    path.join(dir, "app", "dynamic", "page.js"),
    'import { connection } from "next/server";\nexport default async function Page() {\n  await connection();\n  return <main><h1>Hello</h1></main>;\n}\n',
  );
  fs.writeFileSync(path.join(dir, "app", "sized", "page.js"), SIZED_PAGE);
  fs.writeFileSync(
    path.join(dir, "app", "api", "noop", "route.js"),
    'export const dynamic = "force-dynamic";\nexport function GET() {\n  return Response.json({ status: "ok" });\n}\n',
  );
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  const build = spawnSync(process.execPath, [path.join(dir, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("the bare app's build failed");
  return dir;
}

// A page rendered per request with as many elements and as many bytes of markup as it is asked for
// (`/sized?elements=787&bytes=61142`): server components only, rows of a div and two spans. It is
// what the framework itself does for an answer the size of a product screen's, with no session, no
// query and no client component: the floor under that screen, printed beside it.
const SIZED_PAGE = `export default async function Page({ searchParams }) {
  const query = await searchParams;
  const elements = Math.max(3, Number(query.elements) || 3);
  const bytes = Math.max(100, Number(query.bytes) || 100);
  const rows = Math.floor(elements / 3);
  // <div class="…">: 17 bytes of tags per element besides its class and text.
  const each = Math.max(20, Math.floor(bytes / (rows * 3)) - 17);
  const className = "flex items-center gap-3 rounded-md border px-3 py-2 text-sm text-slate-300".slice(0, Math.floor(each * 0.6));
  const text = "x".repeat(Math.max(1, each - className.length));
  return (
    <main>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={className}>
          <span className={className}>{text}</span>
          <span className={className}>{i}</span>
        </div>
      ))}
    </main>
  );
}
`;

/**
 * The bare page as large as a screen's answer: as many elements (scripts left out) and, within 2%,
 * as many bytes in all. The bare page's Flight data outweighs its markup (every element is a server
 * component's), so its markup is sized by trial until the whole answer matches.
 */
async function floorOf(target, answer, bareUrl) {
  const markup = answer.replace(/<script[\s\S]*?<\/script>/g, "");
  const elements = (markup.match(/<[a-zA-Z][^>]*>/g) ?? []).length;
  const total = Buffer.byteLength(answer);
  let bytes = Buffer.byteLength(markup);
  for (let trial = 0; trial < 5; trial++) {
    const sized = Buffer.byteLength(await (await fetch(`${bareUrl}/sized?elements=${elements}&bytes=${bytes}`)).text());
    if (Math.abs(sized - total) < total * 0.02) break;
    bytes = Math.round(bytes * (total / sized));
  }
  return {
    id: `size:${target.id}`,
    app: "bare",
    path: `/sized?elements=${elements}&bytes=${bytes}`,
    label: `bare: ${target.id}'s size (${elements} el.)`,
    floorOf: target.id,
  };
}

/** A throwaway database on the DATABASE_URL server, so the demo seed starts from nothing. */
async function createPostgresDatabase(baseUrl) {
  const name = `bench_http_${Date.now().toString(36)}`;
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function waitUntilAnswering(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

/** Signs in through the product's own endpoint; retries while the demo seed is still being written. */
async function signIn(baseUrl, { email, password }) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email, password }),
    });
    if (response.ok)
      return response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    if (Date.now() > deadline) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function requestOf(target, baseUrl, cookies) {
  const headers = { accept: target.path.startsWith("/api/") ? "application/json" : "text/html" };
  if (target.as) headers.cookie = cookies[target.as];
  if (target.method === "POST") Object.assign(headers, { "content-type": "application/json", origin: baseUrl });
  return { method: target.method ?? "GET", path: target.path, headers, body: target.method === "POST" ? CONTACT_BODY : undefined };
}

/** One request by hand first: a target answering the wrong thing would make its figures meaningless. */
async function verifyTarget(target, baseUrl, cookies) {
  const request = requestOf(target, baseUrl, cookies);
  const headers = { ...request.headers, ...(target.contact ? { "x-forwarded-for": nextContactAddress() } : {}) };
  const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers, body: request.body, redirect: "manual" });
  const text = await response.text();
  if (!response.ok) throw new Error(`${target.label}: ${response.status} ${text.slice(0, 200)}`);
  if (target.expect && !text.includes(target.expect)) throw new Error(`${target.label}: the answer does not show "${target.expect}"`);
  return text;
}

function load(target, baseUrl, cookies, seconds) {
  const request = requestOf(target, baseUrl, cookies);
  const requests = target.contact
    ? [{ ...request, setupRequest: (req) => ({ ...req, headers: { ...req.headers, "x-forwarded-for": nextContactAddress() } }) }]
    : undefined;
  return autocannon({
    // The path goes in the URL: autocannon has no separate path option (it would load "/").
    url: `${baseUrl}${request.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: request.method,
    headers: request.headers,
    body: request.body,
    requests,
    timeout: 10,
  });
}

/** When each target was measured, in ms since the product started: the profile is cut to these. */
const windows = [];
let productStartedAt = 0;

/**
 * Waits until the server answers a cheap request quickly again. An overloaded target leaves work
 * behind (requests autocannon gave up on are still rendered), which would be charged to the next.
 */
async function settle(baseUrl, probePath, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const started = Date.now();
    try {
      await (await fetch(`${baseUrl}${probePath}`)).arrayBuffer();
    } catch {
      // a refused probe counts as slow
    }
    if (Date.now() - started < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.warn(`[bench] ${baseUrl} still slow ${timeoutMs / 1000} s after the last target`);
}

/** The value below which `share` of the sorted values lie. */
const percentile = (sorted, share) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]);

/**
 * One run on the same connections: `--warmup` seconds, then the `--duration` seconds that count.
 * The warm-up leads into the measured window rather than running as a burst of its own, so the
 * figures are those of a server already under that load, not of fifty connections opened at once
 * (a burst whose first seconds the summary prints apart, as "opening").
 */
async function measure(target, baseUrl, cookies) {
  await settle(baseUrl, target.app === "bare" ? "/api/noop" : "/api/health");
  const startedAt = Date.now();
  const measuredFrom = startedAt + WARMUP_SECONDS * 1000;
  const counted = { latencies: [], bytes: 0, errors: 0 };
  const opening = [];
  const run = load(target, baseUrl, cookies, WARMUP_SECONDS + DURATION);
  run.on("response", (_client, statusCode, bytes, responseTime) => {
    // A request counts where it was sent: one sent in the warm-up and answered later is the warm-up's.
    if (Date.now() - responseTime < measuredFrom) {
      opening.push(responseTime);
      return;
    }
    if (statusCode < 200 || statusCode > 299) counted.errors += 1;
    counted.latencies.push(responseTime);
    counted.bytes += bytes;
  });
  run.on("reqError", () => {
    if (Date.now() >= measuredFrom) counted.errors += 1;
  });
  await run;
  const from = measuredFrom - productStartedAt;
  if (target.app !== "bare") windows.push({ id: target.id, from, to: Date.now() - productStartedAt });
  const latencies = counted.latencies.sort((a, b) => a - b);
  opening.sort((a, b) => a - b);
  return {
    rps: latencies.length / DURATION,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    errors: counted.errors,
    openingP99: Math.round(percentile(opening, 0.99)),
    // Headers included: a check that the load hit what verifyTarget saw (same size, give or take).
    bytesPerResponse: latencies.length > 0 ? counted.bytes / latencies.length : 0,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------------------------------------
const load1 = () => os.loadavg()[0].toFixed(2);
console.info(
  `[bench] ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" ")}`,
);
const bareDir = prepareBareApp();
ensureBuild();

const barePort = await freePort();
const bareUrl = `http://127.0.0.1:${barePort}`;
const productPort = await freePort();
const productUrl = `http://localhost:${productPort}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
const postgres = DATABASE_URL ? await createPostgresDatabase(DATABASE_URL) : null;
const productLog = path.join(dataDir, "server.log");

let bare;
let product;
let exitCode = 0;
try {
  bare = spawn(process.execPath, [path.join(bareDir, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(barePort)], {
    cwd: bareDir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const cpuProf = CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : [];
  const logFd = fs.openSync(productLog, "a");
  const productEnv = {
    ...process.env,
    PORT: String(productPort),
    DATA_DIR: dataDir,
    APP_URL: productUrl,
    // The contact target varies X-Forwarded-For to stay under the per-address limit.
    TRUST_PROXY: "1",
    SEED_DEMO: "true",
    MAIL_TRANSPORT: "log",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // On PostgreSQL: a demo (not production) deployment, so the demo admin signs in without a code.
  if (postgres) Object.assign(productEnv, { DATABASE_URL: postgres.url, APP_ENV: "development" });
  else delete productEnv.DATABASE_URL;
  productStartedAt = Date.now();
  product = spawn(process.execPath, [...startNodeOptions(), ...cpuProf, path.join(ROOT, "scripts", "start.mjs"), "--no-build"], {
    cwd: ROOT,
    env: productEnv,
    stdio: ["ignore", logFd, logFd],
  });
  await waitUntilAnswering(`${bareUrl}/api/noop`, bare);
  await waitUntilAnswering(`${productUrl}/api/health`, product);
  const cookies = {};
  if (selected.some((t) => t.as === "client")) cookies.client = await signIn(productUrl, DEMO.client);
  if (selected.some((t) => t.as === "admin")) cookies.admin = await signIn(productUrl, DEMO.admin);
  // After signing in, which waits for the demo seed: the demo's companies get their share too.
  if (LARGE_DATA) {
    const seconds = await seedLarge(postgres.url);
    console.info(
      `[bench] large data: ${LARGE.companies} more companies, ${LARGE.findings} findings, ${LARGE.invoices} invoices (${seconds.toFixed(0)} s)`,
    );
  }

  // Each signed-in screen is measured right after a bare page as large as its answer (its floor).
  const measured = [];
  for (const target of selected) {
    const answer = await verifyTarget(target, target.app === "bare" ? bareUrl : productUrl, cookies);
    if (target.budget?.of === "dynamic" && !postgres) {
      const floor = await floorOf(target, answer, bareUrl);
      measured.push(floor);
    }
    measured.push(target);
  }

  console.info(
    `[bench] ${measured.length} targets, ${ROUNDS} round(s), ${WARMUP_SECONDS} s warm-up + ${DURATION} s at ${CONNECTIONS} connections each, ` +
      `database: ${postgres ? `PostgreSQL${LARGE_DATA ? ", large data" : ""}` : "embedded (PGlite)"}`,
  );
  const figures = Object.fromEntries(measured.map((t) => [t.id, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of measured) {
      const result = await measure(target, target.app === "bare" ? bareUrl : productUrl, cookies);
      figures[target.id].push(result);
      console.info(
        `  round ${round} ${target.id.padEnd(22)} ${result.rps.toFixed(0).padStart(6)} req/s  p99 ${String(result.p99).padStart(5)} ms  ` +
          `(opening ${WARMUP_SECONDS} s: p99 ${result.openingP99} ms; load ${load1()})`,
      );
    }
  }

  // Ratios within each round, then the median over rounds.
  const noopRps = figures.noop.map((f) => f.rps);
  const rows = measured.map((target) => {
    const list = figures[target.id];
    return {
      target,
      rps: median(list.map((f) => f.rps)),
      p50: median(list.map((f) => f.p50)),
      p99: median(list.map((f) => f.p99)),
      errors: Math.max(...list.map((f) => f.errors)),
      ratio: median(list.map((f, i) => f.rps / noopRps[i])),
      // The share of the bare per-request page's req/s, within each round (the signed-in budgets).
      ratioOfDynamic: figures.dynamic ? median(list.map((f, i) => f.rps / figures.dynamic[i].rps)) : NaN,
      // The share of a bare page of the same markup's req/s (printed, no budget).
      ratioOfFloor: figures[`size:${target.id}`] ? median(list.map((f, i) => f.rps / figures[`size:${target.id}`][i].rps)) : NaN,
      kb: median(list.map((f) => f.bytesPerResponse)) / 1024,
    };
  });

  console.info(`\n${"target".padEnd(40)} ${"req/s".padStart(7)} ${"p50".padStart(7)} ${"p99".padStart(7)} errors  ratio  KiB/answer`);
  for (const row of rows) {
    console.info(
      `${row.target.label.padEnd(40)} ${row.rps.toFixed(0).padStart(7)} ${`${row.p50}ms`.padStart(7)} ${`${row.p99}ms`.padStart(7)} ` +
        `${String(row.errors).padStart(6)} ${`${(row.ratio * 100).toFixed(0)}%`.padStart(6)} ${row.kb.toFixed(1)}`,
    );
  }

  console.info(`\nBudgets (bench/README.md; ${postgres ? "PostgreSQL" : "embedded database"}):`);
  let missed = 0;
  const judge = (text, ok) => {
    if (!ok) missed += 1;
    console.info(`  ${ok ? "met   " : "missed"}  ${text}`);
  };
  for (const row of rows) {
    if (row.target.app === "bare") continue;
    // Nothing answered within the run (the server was stuck): no figure to judge, so never "met".
    if (row.rps === 0) {
      judge(`${row.target.label}: no answer within the run`, false);
      continue;
    }
    if (postgres) {
      const most = postgresP99Of(row.target);
      judge(`${row.target.label}: p99 ${row.p99} ms ≤ ${most} ms`, row.p99 <= most);
      continue;
    }
    const budget = row.target.budget;
    if (!budget) continue;
    const parts = [];
    let ok = true;
    if (budget.ratio !== undefined) {
      const ratio = budget.of === "dynamic" ? row.ratioOfDynamic : row.ratio;
      const of = budget.of === "dynamic" ? "the bare page rendered per request" : "the no-op route";
      parts.push(`${(ratio * 100).toFixed(0)}% ≥ ${budget.ratio * 100}% of ${of}`);
      ok &&= ratio >= budget.ratio;
    }
    if (budget.p99 !== undefined) {
      parts.push(`p99 ${row.p99} ms ≤ ${budget.p99} ms`);
      ok &&= row.p99 <= budget.p99;
    }
    if (budget.errors !== undefined) {
      parts.push(`${row.errors} errors`);
      ok &&= row.errors <= budget.errors;
    }
    judge(`${row.target.label}: ${parts.join(", ")}`, ok);
    const floor = rows.find((other) => other.target.floorOf === row.target.id);
    if (floor)
      console.info(
        `          (a bare page as large: ${(floor.ratioOfDynamic * 100).toFixed(0)}% of the bare page, p99 ${floor.p99} ms; ` +
          `the screen ${(row.ratioOfFloor * 100).toFixed(0)}% of it)`,
      );
  }
  // A ratio budget above what the framework itself does for a page rendered per request cannot be
  // met by such a page: say so beside the verdicts rather than leave it to be found again.
  const perRequestPage = rows.find((row) => row.target.id === "dynamic");
  if (perRequestPage && !postgres)
    console.info(`  (the bare app's page rendered per request: ${(perRequestPage.ratio * 100).toFixed(0)}% of the no-op route)`);
  console.info(
    `[bench] load average at the end ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  if (CHECK && missed > 0) exitCode = 1;
} catch (error) {
  console.error("[bench] failed:", error instanceof Error ? error.message : error);
  if (fs.existsSync(productLog)) console.error(fs.readFileSync(productLog, "utf8").split("\n").slice(-30).join("\n"));
  exitCode = 1;
} finally {
  await Promise.all([stop(bare), stop(product)]);
  if (CPU_PROF_DIR) printProfileTop(path.resolve(CPU_PROF_DIR), { windows });
  await postgres?.drop().catch((error) => console.error("[bench] could not drop the PostgreSQL database:", error.message));
  // The server's log outlives the run (errors, the mail the contact target queued).
  if (fs.existsSync(productLog)) fs.copyFileSync(productLog, path.join(os.tmpdir(), "bench-http-server.log"));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
