// Starts the fake GitHub on its own: `npx tsx tools/fake-github/cli.ts [--port 4020]` (or
// `npm run github:fake`). It holds the demo's repository as the demo data set expects it
// (src/features/demo/server/demo-tracker-constants.ts): the demo's token, issues #1 (open) and #2 (closed)
// for the two findings filed there, and a webhook to the demo's connection signed with its secret,
// so a seeded app can test the connection and hear the issues closed on the fake's pages.
// FAKE_GITHUB_PORT and FAKE_GITHUB_LOG=1 as for the others; APP_URL (default http://localhost:3000)
// is where the webhook goes.
import {
  DEMO_GITHUB_CONNECTION_ID,
  DEMO_GITHUB_REPO,
  DEMO_GITHUB_TICKETS,
  DEMO_GITHUB_TOKEN,
  DEMO_GITHUB_WEBHOOK_SECRET,
} from "../../src/features/demo/server/demo-tracker-constants";
import { startFakeGitHub } from "./server";

const portArg = process.argv.indexOf("--port");
const port = Number(portArg > -1 ? process.argv[portArg + 1] : (process.env.FAKE_GITHUB_PORT ?? 4020)) || 0;
const appUrl = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/+$/, "");

const fake = await startFakeGitHub({ port, log: process.env.FAKE_GITHUB_LOG === "1" });
const [owner, name] = DEMO_GITHUB_REPO.split("/") as [string, string];
const repo = fake.addRepo({ owner, name });
const token = fake.issueToken({
  kind: "fine-grained",
  repos: [repo.full_name],
  permissions: { issues: "write" },
  token: DEMO_GITHUB_TOKEN,
});

// Filed through the API as the app filed them (numbers 1 and 2 in order), #2 closed by a person;
// before the webhook exists, so the app hears nothing of what the demo data set already holds.
for (const ticket of DEMO_GITHUB_TICKETS) {
  const response = await fetch(`${fake.url}/repos/${repo.full_name}/issues`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      title: ticket.title,
      body: `[Open the finding in the portal](${appUrl}/client-portal?section=findings&finding=${ticket.findingId})\n\n<!-- sentinel-finding:${ticket.findingId} -->`,
      labels: [ticket.label],
    }),
  });
  const issue = (await response.json()) as { number: number };
  if (issue.number !== ticket.number) throw new Error(`fake-github: the demo's issue #${ticket.number} was filed as #${issue.number}`);
  if (ticket.state === "closed") await fake.closeIssue(repo.full_name, ticket.number);
}
const hookUrl = `${appUrl}/api/trackers/github/${DEMO_GITHUB_CONNECTION_ID}`;
fake.addWebhook(repo.full_name, { url: hookUrl, secret: DEMO_GITHUB_WEBHOOK_SECRET });
const json = "-H 'content-type: application/json'";

console.info(`[fake-github] listening on ${fake.url} (REST API 2022-11-28; @octokit/rest: new Octokit({ baseUrl: "${fake.url}", auth }))
  Repository ${repo.full_name} with the demo's issues #1 (open) and #2 (closed); the demo's token (issues: write):
    ${token}
  Webhook:           ${hookUrl} (the demo's secret; Acme's seeded connection)
  Close #1:          ${fake.url}/${repo.full_name}/issues/1 (Close / Reopen send the issues webhook: the finding asks for a retest)
  Create an issue:   curl -X POST ${fake.url}/repos/${repo.full_name}/issues -H 'authorization: Bearer ${token}' ${json} -d '{"title":"Hello"}'
  Close as a person: curl -X POST ${fake.url}/_fake/issues/close ${json} -d '{"repo":"${repo.full_name}","number":1,"reason":"not_planned"}'
  More tokens:       curl -X POST ${fake.url}/_fake/tokens ${json} -d '{"kind":"installation","permissions":{"issues":"write"}}'
  State:             ${fake.url}/_fake/state`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
