// Starts the fake chat on its own: `npx tsx tools/fake-chat/cli.ts [--port 4060]`, with the demo's
// Slack channel (src/features/demo/server/demo-service-constants.ts) that Acme's chat endpoint posts
// to. FAKE_RECEIVER_PORT (when set) also starts the demo's webhook receiver there: it answers 204 to
// every POST and prints what it got, the endpoint a company's own system would be.
// FAKE_CHAT_PORT (default 4060, `0` for any) and FAKE_CHAT_LOG=1 as for the other fakes.
import http from "node:http";
import { DEMO_CHAT_SLACK_HOOK } from "../../src/features/demo/server/demo-service-constants";
import { startFakeChat } from "./server";

const portArg = process.argv.indexOf("--port");
const port = Number(portArg > -1 ? process.argv[portArg + 1] : (process.env.FAKE_CHAT_PORT ?? 4060)) || 0;
const log = process.env.FAKE_CHAT_LOG === "1";

const fake = await startFakeChat({ port, log });
const slack = fake.addSlackHook({ named: DEMO_CHAT_SLACK_HOOK });
console.info(`[fake-chat] listening on ${fake.url}; the demo's Slack channel: ${slack}`);

let receiver: http.Server | null = null;
const receiverPort = Number(process.env.FAKE_RECEIVER_PORT ?? "");
if (Number.isInteger(receiverPort) && receiverPort > 0) {
  receiver = http.createServer((req, res) => {
    let size = 0;
    req.on("data", (chunk: Buffer) => (size += chunk.length));
    req.on("end", () => {
      if (log) console.info(`[demo-receiver] ${req.method} ${req.url} (${size} bytes, ${String(req.headers["webhook-id"] ?? "")})`);
      res.writeHead(req.method === "POST" ? 204 : 405).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    receiver!.once("error", reject);
    receiver!.listen(receiverPort, "127.0.0.1", () => resolve());
  });
  console.info(`[demo-receiver] listening on http://127.0.0.1:${receiverPort}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    receiver?.closeAllConnections();
    receiver?.close();
    void fake.close().then(() => process.exit(0));
  });
}
