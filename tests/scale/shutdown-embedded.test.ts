// Graceful shutdown of `npm start` on the embedded database: SIGTERM and SIGINT end the process
// with 0 after stopping the job engine (jobs not begun stay queued), and the DATA_DIR lock is released, so
// the next process (a restart, an admin command) opens the database at once.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/local-tools.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scale-embedded-"));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function startEmbedded(): Promise<{ child: ChildProcess; output: () => string }> {
  const port = await freePort();
  let output = "";
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: "",
    APP_ENV: "",
    SMTP_URL: "",
    TEST_DATABASE_URL: "",
    // The demo services (scripts/demo-services.mjs) are not what this test is about.
    DEMO_SERVICES: "off",
  };
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs"), "--no-build"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`embedded server exited:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, output: () => output };
    if (Date.now() > deadline) throw new Error(`embedded server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("graceful shutdown on the embedded database", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`${signal}: exit 0, tasks stopped, database closed, lock released`, async () => {
      const server = await startEmbedded();
      expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(true);
      const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
      server.child.kill(signal);
      expect(await exited).toBe(0);
      expect(server.output()).toMatch(new RegExp(`${signal}: no new connections`));
      expect(server.output()).toMatch(/job engine stopped; database closed/);
      expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    });
  }
});
