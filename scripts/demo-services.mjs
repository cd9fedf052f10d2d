// The demo services of `npm start` (docs/DEPLOYMENT.md#demo-services): the fakes in tools/ (Square,
// GitHub, GitLab, Jira, chat with a webhook receiver, the test identity provider with its DNS server)
// on loopback ports chosen now, so two demo starts on one machine both come up. Which ones run is
// decided by src/config/env-schema.mjs (`demoServicesToWire`): none with DEMO_SERVICES=off or on a
// production deployment, and no Square when SQUARE_* is set. This process then tells the server
// where they are through its own environment (the server runs in this process): DEMO_SERVICE_URLS,
// the Square settings of the fake, and SSO_DNS_SERVERS unless set.
import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "./local-tools.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
// tools/fake-square/defaults.ts: the fake's one application (not secrets: the fake accepts nothing else).
const FAKE_SQUARE = {
  SQUARE_APPLICATION_ID: "sq0idp-fake-application",
  SQUARE_APPLICATION_SECRET: "sq0csp-fake-secret",
  SQUARE_ENVIRONMENT: "sandbox",
  SQUARE_WEBHOOK_SIGNATURE_KEY: "fake-square-webhook-signature-key",
};

/**
 * Starts the given demo services for the app at appUrl and writes their addresses into `env`
 * (process.env). Returns a line per service for the start's log; they stop when this process exits.
 */
export async function startDemoServices(kinds, { appUrl, appPort, env = process.env }) {
  if (kinds.length === 0) return [];
  const port = await servicePorts(kinds, appPort);
  const url = (kind) => `http://127.0.0.1:${port[kind]}`;
  const has = (kind) => kinds.includes(kind);
  const children = [];
  const run = (name, cli, childEnv) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, cli)], {
      cwd: ROOT,
      env: { ...process.env, APP_URL: appUrl, ...childEnv },
      // Their banners are for running them by hand; errors still show.
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("exit", (code, signal) => {
      if (!stopping)
        console.warn(`[demo] the demo ${name} stopped (${signal ?? `exit ${code}`}): it shows as not connected until the next start`);
    });
    children.push(child);
  };
  let stopping = false;
  process.once("exit", () => {
    stopping = true;
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });

  if (has("square"))
    run("Square", "tools/fake-square/cli.ts", {
      FAKE_SQUARE_PORT: String(port.square),
      FAKE_SQUARE_DEMO: "1",
      FAKE_SQUARE_WEBHOOK_TARGET: `${appUrl}/api/square/webhook`,
    });
  if (has("github")) run("GitHub", "tools/fake-github/cli.ts", { FAKE_GITHUB_PORT: String(port.github) });
  if (has("gitlab")) run("GitLab", "tools/fake-gitlab/cli.ts", { FAKE_GITLAB_PORT: String(port.gitlab) });
  if (has("jira")) run("Jira", "tools/fake-jira/cli.ts", { FAKE_JIRA_PORT: String(port.jira) });
  if (has("chat"))
    run("chat", "tools/fake-chat/cli.ts", {
      FAKE_CHAT_PORT: String(port.chat),
      FAKE_RECEIVER_PORT: has("receiver") ? String(port.receiver) : "",
    });
  if (has("idp"))
    run("identity provider", "tools/test-idp/cli.ts", {
      FAKE_IDP_PORT: String(port.idp),
      FAKE_SAML_PORT: String(port.saml ?? 0),
      FAKE_DNS_PORT: String(port.dns ?? 0),
    });

  env.DEMO_SERVICE_URLS = JSON.stringify(Object.fromEntries(kinds.map((kind) => [kind, url(kind)])));
  if (has("square")) Object.assign(env, FAKE_SQUARE, { SQUARE_BASE_URL: url("square") });
  if (has("dns") && !(env.SSO_DNS_SERVERS ?? "").trim()) env.SSO_DNS_SERVERS = `127.0.0.1:${port.dns}`;
  return kinds.filter((kind) => kind !== "saml" && kind !== "dns").map((kind) => `${kind} ${url(kind)}`);
}

/**
 * A free loopback port per service. The app has not bound its own port yet, so the OS may offer it
 * (or one port twice): that service would take it and the app's listen would fail.
 */
export async function servicePorts(kinds, appPort, pick = freePort) {
  const taken = new Set([Number(appPort)]);
  const port = {};
  for (const kind of kinds) {
    let candidate = await pick();
    while (taken.has(candidate)) candidate = await pick();
    taken.add(candidate);
    port[kind] = candidate;
  }
  return port;
}
