import { spawn } from "node:child_process";
import path from "node:path";

// React's reply decoder as the oracle of a server action's body (react-reply-decoder.mjs, run in a
// child process with the react-server condition it needs).

export type ActionBody = { contentType: string; body: Uint8Array };
export type Decoded = { ok: boolean; error?: string };

const SCRIPT = path.resolve(import.meta.dirname, "react-reply-decoder.mjs");

/** Whether React decodes each body as Next would for a server action, in order. */
export async function reactDecodes(bodies: readonly ActionBody[]): Promise<Decoded[]> {
  const input = JSON.stringify(bodies.map((b) => ({ contentType: b.contentType, body: Buffer.from(b.body).toString("base64") })));
  const child = spawn(process.execPath, ["--conditions=react-server", SCRIPT], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  child.stdin.end(input);
  const code = await exited;
  if (code !== 0) throw new Error(`The React reply decoder failed (${code}): ${Buffer.concat(err).toString()}`);
  return JSON.parse(Buffer.concat(out).toString("utf-8")) as Decoded[];
}

/** A multipart body as a browser sends form data, with its content type. */
export async function multipartBody(form: FormData): Promise<ActionBody> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { contentType: request.headers.get("content-type")!, body: new Uint8Array(await request.arrayBuffer()) };
}

/** A text body as React's client sends JSON text. */
export const textBody = (text: string): ActionBody => ({ contentType: "text/plain;charset=UTF-8", body: new TextEncoder().encode(text) });
