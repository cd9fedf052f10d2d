// A second app server, private to one spec, whose console output the spec can read. Without
// SMTP_URL the app logs every outgoing mail (outbox), which is how a browser test gets the link
// of a password-reset mail: the shared e2e server's output is not reachable from a test, and its
// embedded database cannot be opened by a second process.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/local-tools.mjs";
import { addAppOrigin, removeAppOrigin } from "./app-origins";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type MailServer = { baseURL: string; output: () => string; stop: () => Promise<void> };

/** `env` adds to (or overrides) the server's environment, e.g. a production start. */
export async function startMailServer(env: Record<string, string> = {}): Promise<MailServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-auth-mail-"));
  const baseURL = `http://localhost:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs"), "--no-build"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      SEED_DEMO: "true",
      TRUST_PROXY: "true",
      SMTP_URL: "",
      MAIL_TRANSPORT: "",
      // No spec of its own server talks to the fakes, and seven more processes per server slow
      // every test running beside it.
      DEMO_SERVICES: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mail server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Stopped here: the spec gets no handle to stop it with, and it would outlive the run.
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`mail server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  addAppOrigin(baseURL);
  return {
    baseURL,
    output: () => output,
    stop: async () => {
      removeAppOrigin(baseURL);
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for a logged reset mail to `email` sent after `since` (an output offset) and returns its link. */
export async function waitForResetLink(server: MailServer, email: string, since: number): Promise<string> {
  const pattern = new RegExp(
    `To: ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\nSubject: [^\\n]*\\n\\n[\\s\\S]*?(http://localhost:\\d+/reset-password\\?token=[A-Za-z0-9]+)`,
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const match = server.output().slice(since).match(pattern);
    if (match) return match[1]!;
    if (Date.now() > deadline) throw new Error(`no reset mail to ${email} in the server output`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
