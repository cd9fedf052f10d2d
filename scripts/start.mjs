// `npm start`: build if needed, then serve the production build. Migrations and the demo seed run
// in the server itself (src/instrumentation.ts), which also holds the embedded database's lock.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { malformedPathAnswer } from "../src/lib/malformed-path.mjs";
import { AUTH_SECRET_REQUIRED, demoServicesToWire, mailTransportOf, parseEnv, storageChoiceOf } from "../src/config/env-schema.mjs";
import { startDemoServices } from "./demo-services.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { readStaticPageCsp } from "./static-page-csp.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";

// Fail before building or listening on a bad environment, with the server's own schema and rules
// (src/config/env-schema.mjs; the server applies the same ones in src/server/core/env.ts).
let env;
let demoServices = [];
try {
  env = parseEnv(process.env);
  if (env.isProduction && !env.authSecret) throw new Error(AUTH_SECRET_REQUIRED);
  // Documents on one instance's disk are missing on the others: production uses S3-compatible
  // storage unless STORAGE=disk says a single instance is meant.
  storageChoiceOf(env);
  // Reset and invitation links exist only as mail: production delivers it, or says MAIL_TRANSPORT=log.
  mailTransportOf(env);
  // The demo services (a non-production demo start only; DEMO_SERVICES=on in production is refused).
  demoServices = demoServicesToWire(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// --no-build serves the existing build as is (a deploy that built separately, or a second test
// server that must not rebuild under a running one).
if (process.argv.includes("--no-build")) {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    console.error("--no-build: there is no build in .next; run `npm run build` first.");
    process.exit(1);
  }
} else {
  ensureBuild();
}

// The prerendered pages' script hashes for their Content-Security-Policy, made by the build
// (scripts/static-page-csp.mjs); src/proxy.ts reads them from this global. Without them those pages
// could not run a script, so a build made by a bare `next build` is refused.
try {
  globalThis[Symbol.for("sentinel.staticPageCsp")] = readStaticPageCsp(path.join(ROOT, ".next"));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// Started before the server is prepared (they come up while Next loads) and wired in through this
// process's environment, which the server reads (scripts/demo-services.mjs).
const demoLines = await startDemoServices(demoServices, { appUrl: env.appUrl, appPort: env.port });
if (demoLines.length > 0) console.info(`[demo] demo services (DEMO_SERVICES=off to go without): ${demoLines.join(", ")}`);

const { port, host: hostname } = env;
// The client address is decided in src/proxy.ts (src/server/core/client-address.ts), which cannot see
// the socket: stamp the peer address on every request under a nonce that only this process knows
// (the same Symbol src/server/core/client-address.ts reads), so a client-sent copy never passes.
const PEER_HEADER = "x-sentinel-peer";
const peerNonce = randomBytes(24).toString("base64url");
globalThis[Symbol.for("sentinel.peerNonce")] = peerNonce;
// Defence in depth when no proxy is trusted: should the proxy ever not run, the app still sees
// only the socket address.
const trustsNoProxy = ["", "0", "false", "no", "off"].includes((env.trustProxy ?? "").toLowerCase());

const { default: next } = await import("next");
const app = next({ dev: false, dir: ROOT, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

// Set once a shutdown signal arrives: answers still in flight ask their connection to close, so a
// load balancer's keep-alive connection does not carry another request to a server that is leaving.
let stopping = false;

const server = http.createServer((req, res) => {
  req.headers[PEER_HEADER] = `${peerNonce} ${req.socket.remoteAddress ?? ""}`;
  if (trustsNoProxy) {
    req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "unknown";
    delete req.headers["x-real-ip"];
  }
  if (stopping) res.setHeader("connection", "close");
  // Also the multipart uploads src/proxy.ts lets through unread: Next would answer their bad path with a 500.
  const malformed = malformedPathAnswer((req.url ?? "/").split("?")[0]);
  if (malformed) {
    res.writeHead(malformed.status, { "content-type": malformed.contentType }).end(malformed.body);
    return;
  }
  handle(req, res).catch((error) => {
    console.error("[server] request failed:", error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});

server.listen(port, hostname, () => {
  console.info(`[start] ready on http://localhost:${port}`);
});

// Graceful shutdown (SIGTERM from an orchestrator, SIGINT from a terminal): stop accepting, let
// requests in flight finish (at most DRAIN_MS), then stop the job engine (jobs in flight finish, the rest stay queued) and
// close the database (which releases the embedded database's lock), and exit. A second signal
// exits at once.
const DRAIN_MS = 10_000;
const TASKS_MS = 10_000;
// Registered by src/features/operations/server/startup.ts (the app's bundle), which owns the timers and the database.
const STOP_TASKS = Symbol.for("sentinel.stopServerTasks");

function withTimeout(promise, ms) {
  return Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms).unref())]);
}

async function shutdown(signal) {
  stopping = true;
  const started = Date.now();
  console.info(`[start] ${signal}: no new connections; finishing requests in flight (at most ${DRAIN_MS / 1000} s)`);
  const closed = new Promise((resolve) => server.close(() => resolve()));
  // Idle keep-alive connections would hold close() open; busy ones close after their answer.
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const drained = await withTimeout(closed, DRAIN_MS);
  clearInterval(idle);
  if (!drained) {
    console.warn("[start] requests still running after the grace period: closing their connections");
    server.closeAllConnections();
  }
  const stopTasks = globalThis[STOP_TASKS];
  if (typeof stopTasks === "function") {
    const stopped = await withTimeout(
      Promise.resolve().then(() => stopTasks()),
      TASKS_MS,
    ).catch((error) => {
      console.error("[start] stopping the server tasks failed:", error);
      return false;
    });
    if (!stopped) console.warn("[start] the server tasks did not stop in time");
  }
  console.info(`[start] stopped in ${Date.now() - started} ms`);
  // process.exit also runs the 'exit' handlers, which release the embedded database lock should
  // the database not have closed.
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    void shutdown(signal);
  });
}
