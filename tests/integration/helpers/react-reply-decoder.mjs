// React's own reply decoder, run as Next runs it for a server action on Node (its action handler:
// decodeReply for a text body, busboy and decodeReplyFromBusboy for form data, then the action
// applied to the result). Started by react-reply.ts with `--conditions react-server`, which the
// decoder needs and the test runner does not have. Reads [{ contentType, body (base64) }] as JSON
// on stdin, writes [{ ok, error? }] on stdout.
import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

// Next's own copies, as its action handler loads them.
const load = createRequire(import.meta.url);
const server = load("next/dist/compiled/react-server-dom-webpack/server.node.js");
const busboyOf = load("next/dist/compiled/busboy");

const TIMEOUT_MS = 2000;

async function decode({ contentType, body }) {
  const bytes = Buffer.from(body, "base64");
  const temporaryReferences = server.createTemporaryReferenceSet();
  let args;
  if (contentType.startsWith("multipart/form-data")) {
    const busboy = busboyOf({ defParamCharset: "utf8", headers: { "content-type": contentType }, limits: { fieldSize: 256 * 1024 } });
    [, args] = await Promise.all([
      pipeline(Readable.from([bytes]), busboy),
      server.decodeReplyFromBusboy(busboy, {}, { temporaryReferences }),
    ]);
  } else {
    args = await server.decodeReply(bytes.toString("utf-8"), {}, { temporaryReferences });
  }
  Reflect.apply(() => undefined, null, args);
}

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const inputs = JSON.parse(Buffer.concat(chunks).toString("utf-8"));
  const results = [];
  for (const input of inputs) {
    let timer;
    try {
      await Promise.race([
        decode(input),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("no answer")), TIMEOUT_MS))),
      ]);
      results.push({ ok: true });
    } catch (error) {
      results.push({ ok: false, error: String(error && error.message).slice(0, 200) });
    } finally {
      clearTimeout(timer);
    }
  }
  process.stdout.write(JSON.stringify(results));
}
// A rejected chunk nobody awaits (a promise argument) must not end the process.
process.on("unhandledRejection", () => undefined);
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
