import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./scripts/local-tools.mjs";
import { FAKE_APPLICATION_ID, FAKE_APPLICATION_SECRET, FAKE_WEBHOOK_SIGNATURE_KEY } from "./tools/fake-square/defaults";

// Run through `npm run test:e2e` (tests/e2e/run.mjs), which builds, picks the ports and DATA_DIR.
const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = `http://localhost:${port}`;
// Every browser test runs with Square configured against the fake (tools/fake-square).
const squarePort = Number(process.env.E2E_SQUARE_PORT ?? 3998);
const fakeSquareUrl = `http://127.0.0.1:${squarePort}`;
// The fake GitHub (tools/fake-github), which the app may call on loopback through DEV_FAKE_PORTS.
const githubPort = Number(process.env.E2E_GITHUB_PORT ?? 3997);
const fakeGitHubUrl = `http://127.0.0.1:${githubPort}`;
// The local identity providers (OpenID Connect, SAML) and DNS server (tools/test-idp): a company's single sign-on.
const idpPort = Number(process.env.E2E_IDP_PORT ?? 3996);
const dnsPort = Number(process.env.E2E_DNS_PORT ?? 3995);
const samlPort = Number(process.env.E2E_SAML_PORT ?? 3994);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // Files run in parallel on two workers (a file's own tests in order); tests that change data make
  // their own client company, so no test depends on another's order (CONTRIBUTING.md, "Running one test").
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The digest: why each test failed, printed again after `npm test`'s stage times (tests/e2e/failure-digest.ts).
  reporter: [["list"], ["./tests/e2e/failure-digest.ts"]],
  use: {
    baseURL,
    // A failed test keeps its trace: the DOM at each step, without the screencast, which cost about
    // a quarter of the browser suite's CPU (chromium encoding frames of every test that passed).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // Signs each demo role in once; the tests reuse those sessions (tests/e2e/auth.setup.ts).
    { name: "setup", testMatch: "auth.setup.ts" },
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, dependencies: ["setup"], testIgnore: "square.spec.ts" },
    // Square's sync adds invoices to the demo clients, which the charts and exports tests add up:
    // it runs once every other test has finished.
    { name: "square", use: { ...devices["Desktop Chrome"] }, dependencies: ["chromium"], testMatch: "square.spec.ts" },
  ],
  webServer: [
    {
      command: `node --import tsx tools/fake-square/cli.ts --port ${squarePort}`,
      url: `${fakeSquareUrl}/_fake/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        FAKE_SQUARE_WEBHOOK_TARGET: `${baseURL}/api/square/webhook`,
        FAKE_SQUARE_WEBHOOK_KEY: FAKE_WEBHOOK_SIGNATURE_KEY,
      },
    },
    {
      command: `node --import tsx tools/fake-github/cli.ts --port ${githubPort}`,
      url: `${fakeGitHubUrl}/_fake/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { APP_URL: baseURL },
    },
    {
      command: "node --import tsx tools/test-idp/cli.ts",
      url: `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
      // oidc-provider and its dependencies take a while to load under tsx on a busy machine.
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { APP_URL: baseURL, FAKE_IDP_PORT: String(idpPort), FAKE_DNS_PORT: String(dnsPort), FAKE_SAML_PORT: String(samlPort) },
    },
    {
      // run.mjs has already built; never rebuild under a running test server.
      command: "node scripts/start.mjs --no-build",
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR ?? "./data-e2e",
        APP_URL: baseURL,
        SEED_DEMO: "true",
        // The suite starts its own fakes with its own ports (above): npm start's demo services stay off,
        // so the demo connections read "Not connected (demo data)" (docs/DEPLOYMENT.md#demo-services).
        DEMO_SERVICES: "off",
        TRUST_PROXY: "true",
        NEXT_TELEMETRY_DISABLED: "1",
        // The mail preview (/dev/mail) lets browser tests read what was sent.
        APP_ENV: "development",
        DEV_FAKE_PORTS: `${githubPort},${idpPort},${samlPort}`,
        SSO_DNS_SERVERS: `127.0.0.1:${dnsPort}`,
        SQUARE_APPLICATION_ID: FAKE_APPLICATION_ID,
        SQUARE_APPLICATION_SECRET: FAKE_APPLICATION_SECRET,
        SQUARE_ENVIRONMENT: "sandbox",
        SQUARE_BASE_URL: fakeSquareUrl,
        SQUARE_WEBHOOK_SIGNATURE_KEY: FAKE_WEBHOOK_SIGNATURE_KEY,
        SQUARE_MAX_RETRIES: "0",
      },
    },
  ],
});
