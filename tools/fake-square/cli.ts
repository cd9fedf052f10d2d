// Starts the fake Square on its own: `npx tsx tools/fake-square/cli.ts [--port 4010]`.
// Environment: FAKE_SQUARE_PORT, FAKE_SQUARE_APP_ID, FAKE_SQUARE_APP_SECRET,
// FAKE_SQUARE_WEBHOOK_TARGET, FAKE_SQUARE_WEBHOOK_KEY (defaults for /_fake/webhooks);
// FAKE_SQUARE_DEMO=1: it knows the demo's Square connection from the start (the demo services of `npm start`).
import { DEMO_SQUARE_ACCESS_TOKEN, DEMO_SQUARE_REFRESH_TOKEN } from "../../src/features/demo/server/demo-service-constants";
import { FAKE_WEBHOOK_SIGNATURE_KEY } from "./defaults";
import { startFakeSquare } from "./server";

const portArg = process.argv.indexOf("--port");
const port = Number(portArg > -1 ? process.argv[portArg + 1] : (process.env.FAKE_SQUARE_PORT ?? 0)) || 0;

const fake = await startFakeSquare({
  port,
  applicationId: process.env.FAKE_SQUARE_APP_ID,
  applicationSecret: process.env.FAKE_SQUARE_APP_SECRET,
  webhookTargetUrl: process.env.FAKE_SQUARE_WEBHOOK_TARGET,
  webhookSignatureKey: process.env.FAKE_SQUARE_WEBHOOK_KEY ?? FAKE_WEBHOOK_SIGNATURE_KEY,
  log: process.env.FAKE_SQUARE_LOG === "1",
  knownTokens:
    process.env.FAKE_SQUARE_DEMO === "1" ? [{ accessToken: DEMO_SQUARE_ACCESS_TOKEN, refreshToken: DEMO_SQUARE_REFRESH_TOKEN }] : [],
});
console.info(`[fake-square] listening on ${fake.url} (application id ${fake.applicationId})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
