// `npm run test:e2e`: Playwright against a production build on a free port with a throwaway
// DATA_DIR, driving Debian's chromium (Playwright's own browser download does not work here).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { freePort } from "../../scripts/local-tools.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}.\n` +
      "Install Debian's package with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to another Chromium binary.",
  );
  process.exit(1);
}

ensureBuild();
const port = await freePort();
// The fake Square (tools/fake-square) the app is configured against during browser tests.
const squarePort = await freePort();
// The fake GitHub (tools/fake-github) a company's ticket system is connected to.
const githubPort = await freePort();
// The local identity provider and its DNS server (tools/test-idp) for a company's single sign-on.
const idpPort = await freePort();
const dnsPort = await freePort();
const samlPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
// Each demo role's signed-in browser state (tests/e2e/auth.setup.ts), thrown away with the run.
const authDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-auth-"));
const env = {
  ...process.env,
  CHROMIUM_PATH: chromium,
  E2E_PORT: String(port),
  E2E_SQUARE_PORT: String(squarePort),
  E2E_GITHUB_PORT: String(githubPort),
  E2E_IDP_PORT: String(idpPort),
  E2E_DNS_PORT: String(dnsPort),
  E2E_SAML_PORT: String(samlPort),
  E2E_DATA_DIR: dataDir,
  E2E_AUTH_DIR: authDir,
  NEXT_TELEMETRY_DISABLED: "1",
};
const playwright = path.join(ROOT, "node_modules", "@playwright", "test", "cli.js");
const result = spawnSync(process.execPath, [playwright, "test", ...process.argv.slice(2)], { cwd: ROOT, stdio: "inherit", env });
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(authDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
