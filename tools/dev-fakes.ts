// `npm run dev:fakes`: the fake Square (FAKE_SQUARE_PORT, default 4010), the fake GitHub
// (FAKE_GITHUB_PORT, default 4020, with the demo's repository, token and webhook), the fake GitLab
// (FAKE_GITLAB_PORT, default 4030), the fake Jira (FAKE_JIRA_PORT, default 4040, with the demo's
// project, account and webhook) and the local identity providers with their DNS server
// (FAKE_IDP_PORT, default 4050; FAKE_SAML_PORT, default 4051; FAKE_DNS_PORT, default 4053, UDP)
// side by side, for an app started on its own (README.md,
// "Development"). Ctrl-C stops them all; so does any one ending.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const appUrl = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");

const start = (cli: string, env: Record<string, string>) =>
  spawn(process.execPath, ["--import", "tsx", path.join(ROOT, cli)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit" });

const children: ChildProcess[] = [
  start("tools/fake-square/cli.ts", {
    FAKE_SQUARE_PORT: process.env.FAKE_SQUARE_PORT ?? "4010",
    FAKE_SQUARE_WEBHOOK_TARGET: process.env.FAKE_SQUARE_WEBHOOK_TARGET ?? `${appUrl}/api/square/webhook`,
  }),
  start("tools/fake-github/cli.ts", { FAKE_GITHUB_PORT: process.env.FAKE_GITHUB_PORT ?? "4020", APP_URL: appUrl }),
  start("tools/fake-gitlab/cli.ts", { FAKE_GITLAB_PORT: process.env.FAKE_GITLAB_PORT ?? "4030" }),
  start("tools/fake-jira/cli.ts", { FAKE_JIRA_PORT: process.env.FAKE_JIRA_PORT ?? "4040", APP_URL: appUrl }),
  start("tools/test-idp/cli.ts", {
    FAKE_IDP_PORT: process.env.FAKE_IDP_PORT ?? "4050",
    FAKE_SAML_PORT: process.env.FAKE_SAML_PORT ?? "4051",
    FAKE_DNS_PORT: process.env.FAKE_DNS_PORT ?? "4053",
    APP_URL: appUrl,
  }),
];

let stopping = false;
function stop(code: number) {
  if (!stopping) {
    stopping = true;
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
  process.exitCode = code;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop(0));
// One fake gone (a port taken, a crash): the others are no use without it.
for (const child of children)
  child.once("exit", (code) => {
    if (!stopping) stop(code ?? 1);
  });
