// The deployment the harness and the bench run: one PostgreSQL database (new, dropped after), an
// S3-compatible server (s3rver, path-style), an SMTP sink, the fake Square, N instances of the
// production build (`scripts/start.mjs --no-build`, what `npm start -- --no-build` runs) with the
// same environment, and the round-robin proxy in front of them.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "../../scripts/local-tools.mjs";
import { startFakeSquare, type FakeSquare } from "../../tools/fake-square/server";
import { createPostgresDatabase } from "../helpers/postgres-database";
import { startSmtpSink, type SmtpSink } from "../integration/helpers/smtp-sink";
import { startProxy, type RoundRobinProxy } from "./proxy";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUCKET = "scale-documents";
export const WEBHOOK_KEY = "scale-webhook-signature-key";
const S3_KEY = "S3RVER"; // s3rver's built-in credentials

export type Instance = {
  index: number;
  port: number;
  url: string;
  dataDir: string;
  output: () => string;
  child: () => ChildProcess;
  /** Spawns the process (again); resolves once /api/health answers 200. */
  start: () => Promise<void>;
  /** Sends the signal and resolves with the exit code once the process has exited. */
  signal: (signal: NodeJS.Signals) => Promise<number | null>;
};

export type Cluster = {
  databaseUrl: string;
  proxy: RoundRobinProxy;
  appUrl: string;
  instances: Instance[];
  s3Dir: string;
  s3Endpoint: string;
  smtp: SmtpSink | null;
  square: FakeSquare | null;
  env: Record<string, string>;
  /** A further instance on the same settings but another database (the restore test). */
  spawnInstance: (overrides: Record<string, string>) => Promise<Instance>;
  stop: () => Promise<void>;
};

export function scaleDatabaseServer(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "The scale harness needs a PostgreSQL server: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:55432/postgres).",
    );
  return url;
}

async function waitHealthy(instance: { url: string; output: () => string; child: () => ChildProcess }, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const child = instance.child();
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`instance ${instance.url} exited while starting:\n${instance.output()}`);
    try {
      const response = await fetch(`${instance.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance ${instance.url} did not become healthy:\n${instance.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function makeInstance(index: number, port: number, env: Record<string, string>): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scale-instance-${index}-`));
  let child: ChildProcess | undefined;
  let output = "";
  const instance: Instance = {
    index,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    child: () => child!,
    start: async () => {
      child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs"), "--no-build"], {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
      await waitHealthy(instance);
    },
    signal: (signal) => {
      const c = child!;
      if (c.exitCode !== null || c.signalCode !== null) return Promise.resolve(c.exitCode);
      const exited = new Promise<number | null>((resolve) => c.once("exit", (code) => resolve(code)));
      c.kill(signal);
      return exited;
    },
  };
  return instance;
}

export async function startCluster(
  opts: { instances?: number; mail?: boolean; square?: boolean; quietS3?: boolean } = {},
): Promise<Cluster> {
  const count = opts.instances ?? 3;
  const database = await createPostgresDatabase(scaleDatabaseServer(), "scale");
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "scale-s3-"));
  const s3Port = await freePort();
  const s3 = new S3rver({
    port: s3Port,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  const smtp = opts.mail === false ? null : await startSmtpSink({ delayMs: () => 2 });
  const proxyPort = await freePort();
  const appUrl = `http://127.0.0.1:${proxyPort}`;
  const square =
    opts.square === false
      ? null
      : await startFakeSquare({ webhookTargetUrl: `${appUrl}/api/square/webhook`, webhookSignatureKey: WEBHOOK_KEY });
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;

  const env: Record<string, string> = {
    NODE_ENV: "production",
    APP_ENV: "production",
    DATABASE_URL: database.url,
    APP_URL: appUrl,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SEED_DEMO: "true",
    TRUST_PROXY: "1",
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
    SMTP_URL: smtp ? smtp.url : "",
    // Without the SMTP sink (the benchmark) mail stays in the outbox, as a production start must say.
    MAIL_TRANSPORT: smtp ? "" : "log",
    CONTACT_EMAIL: "team@example.com",
    ...(square
      ? {
          SQUARE_APPLICATION_ID: square.applicationId,
          SQUARE_APPLICATION_SECRET: square.applicationSecret,
          SQUARE_ENVIRONMENT: "sandbox",
          SQUARE_BASE_URL: square.url,
          SQUARE_WEBHOOK_SIGNATURE_KEY: WEBHOOK_KEY,
          SQUARE_MAX_RETRIES: "0",
        }
      : {}),
  };

  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const instances = ports.map((port, i) => makeInstance(i, port, env));
  const proxy = await startProxy(ports, { port: proxyPort });
  const extra: Instance[] = [];

  const cluster: Cluster = {
    databaseUrl: database.url,
    proxy,
    appUrl,
    instances,
    s3Dir,
    s3Endpoint,
    smtp,
    square,
    env,
    spawnInstance: async (overrides) => {
      const instance = makeInstance(100 + extra.length, await freePort(), { ...env, ...overrides });
      extra.push(instance);
      await instance.start();
      return instance;
    },
    stop: async () => {
      await Promise.all([...instances, ...extra].map((i) => (i.child() ? i.signal("SIGTERM") : null)));
      await proxy.close();
      await square?.close();
      await smtp?.close();
      await s3.close();
      await database.drop();
      for (const dir of [s3Dir, ...[...instances, ...extra].map((i) => i.dataDir)]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** Starts every instance at the same moment (the first start: migrations and seed race). */
export async function startAll(cluster: Cluster): Promise<void> {
  await Promise.all(cluster.instances.map((i) => i.start()));
}
