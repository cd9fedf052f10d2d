// `npm run dev:square`: the fake Square plus `next dev` configured against it, so the whole flow
// (Connect, the authorize page, Sync Invoices, webhooks) can be tried locally.
// PORT (default 3000) and DATA_DIR as for `npm run dev`; FAKE_SQUARE_PORT (default 4010).
import { spawn } from "node:child_process";
import path from "node:path";
import { FAKE_WEBHOOK_SIGNATURE_KEY } from "./defaults";
import { startFakeSquare } from "./server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const appPort = Number(process.env.PORT ?? 3000) || 3000;
const appUrl = (process.env.APP_URL ?? `http://localhost:${appPort}`).replace(/\/+$/, "");
const signatureKey = process.env.SQUARE_WEBHOOK_SIGNATURE_KEY ?? FAKE_WEBHOOK_SIGNATURE_KEY;

const fake = await startFakeSquare({
  port: Number(process.env.FAKE_SQUARE_PORT ?? 4010),
  webhookTargetUrl: `${appUrl}/api/square/webhook`,
  webhookSignatureKey: signatureKey,
  log: true,
});

const env = {
  ...process.env,
  PORT: String(appPort),
  APP_URL: appUrl,
  SQUARE_APPLICATION_ID: fake.applicationId,
  SQUARE_APPLICATION_SECRET: fake.applicationSecret,
  SQUARE_ENVIRONMENT: "sandbox",
  SQUARE_BASE_URL: fake.url,
  SQUARE_WEBHOOK_SIGNATURE_KEY: signatureKey,
  NEXT_TELEMETRY_DISABLED: "1",
};

console.info(`
[dev:square] fake Square on ${fake.url}; app on ${appUrl}
  1. Sign in at ${appUrl}/admin/login (admin@example.com / demo-admin-password)
  2. Dashboard → Connect Square → Allow (or Deny) on the fake's page → Sync Invoices
  Webhook:  curl -X POST ${fake.url}/_fake/webhooks -H 'content-type: application/json' \\
              -d '{"type":"invoice.payment_made","invoice_id":"inv:0-fake-003001"}'
            (after: curl -X POST '${fake.url}/_fake/invoices/inv:0-fake-003001/pay')
  Faults:   curl -X POST ${fake.url}/_fake/faults -H 'content-type: application/json' -d '{"path":"/v2/invoices","status":500,"times":1}'
`);

const app = spawn(process.execPath, [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "dev", "-p", String(appPort)], {
  cwd: ROOT,
  env,
  stdio: "inherit",
});

const stop = () => {
  app.kill("SIGTERM");
  void fake.close();
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
app.once("exit", (code) => {
  void fake.close().then(() => process.exit(code ?? 0));
});
