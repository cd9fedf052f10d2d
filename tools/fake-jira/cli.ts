// Starts the fake Jira on its own: `npx tsx tools/fake-jira/cli.ts [--port 4040]`. It holds the
// demo's project GLX and Globex's account with the API token the demo seed sealed
// (src/features/demo/server/demo-tracker-constants.ts), and sends the admin webhook, signed with the
// seed's secret, to the demo's connection on APP_URL; and, to connect by hand, the project SEC
// ("Acme Security") with the account owner@acme.example, whose API token and Data Center personal
// access token it prints with curl lines to try. FAKE_JIRA_PORT (default 4040, `0` for any) and FAKE_JIRA_LOG=1 as for the other fakes.
import {
  DEMO_JIRA_API_TOKEN,
  DEMO_JIRA_CONNECTION_ID,
  DEMO_JIRA_EMAIL,
  DEMO_JIRA_PROJECT,
  DEMO_JIRA_WEBHOOK_SECRET,
} from "../../src/features/demo/server/demo-tracker-constants";
import { startFakeJira } from "./server";

const portArg = process.argv.indexOf("--port");
const port = Number(portArg > -1 ? process.argv[portArg + 1] : (process.env.FAKE_JIRA_PORT ?? 4040)) || 0;
const appUrl = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");

const fake = await startFakeJira({ port, log: process.env.FAKE_JIRA_LOG === "1" });
fake.addProject({ key: DEMO_JIRA_PROJECT, name: "Globex Security" });
fake.addUser({ email: DEMO_JIRA_EMAIL, displayName: "Sam Rivera", apiToken: DEMO_JIRA_API_TOKEN });
fake.addWebhook({ url: `${appUrl}/api/trackers/jira/${DEMO_JIRA_CONNECTION_ID}`, secret: DEMO_JIRA_WEBHOOK_SECRET });
fake.addProject({ key: "SEC", name: "Acme Security" });
const owner = { email: "owner@acme.example", ...fake.addUser({ email: "owner@acme.example", displayName: "Acme Owner", pat: true }) };
const auth = `-u '${owner.email}:${owner.apiToken}'`;
const json = "-H 'content-type: application/json'";

console.info(`[fake-jira] listening on ${fake.url} (Jira Cloud REST API v3; jira.js: createCloudClient({ host: "${fake.url}", auth: { type: "basic", email, apiToken } }))
  The demo's project ${DEMO_JIRA_PROJECT}: the account ${DEMO_JIRA_EMAIL} with the API token the demo seed sealed;
    its webhook: ${appUrl}/api/trackers/jira/${DEMO_JIRA_CONNECTION_ID} (signed with the demo's secret)
  Project SEC (Acme Security): the account ${owner.email} with its API token:
    ${owner.apiToken}
  The account:       curl ${fake.url}/rest/api/3/myself ${auth}
  The project:       curl ${fake.url}/rest/api/3/project/SEC ${auth}
  Create an issue:   curl -X POST ${fake.url}/rest/api/3/issue ${auth} ${json} -d '{"fields":{"project":{"key":"SEC"},"issuetype":{"name":"Task"},"summary":"Hello","labels":["security"],"description":{"type":"doc","version":1,"content":[{"type":"paragraph","content":[{"type":"text","text":"Hi"}]}]}}}'
  As Data Center:    its personal access token ${owner.pat ?? ""}
                     curl ${fake.url}/rest/api/2/project/SEC -H 'Authorization: Bearer ${owner.pat ?? ""}'
  Find it:           curl '${fake.url}/rest/api/3/search/jql?jql=labels%3Dsecurity&fields=summary,status' ${auth}
  Its page:          ${fake.url}/browse/SEC-1 (Done / To Do send the webhook as Fake Admin); ${fake.url}/projects/SEC/issues
  Add a webhook:     curl -X POST ${fake.url}/_fake/webhooks ${json} -d '{"url":"http://localhost:3000/…","secret":"<secret>"}'
  Move as a person:  curl -X POST ${fake.url}/_fake/issues/transition ${json} -d '{"key":"SEC-1","to":"Done"}'
  More accounts:     curl -X POST ${fake.url}/_fake/users ${json} -d '{"email":"viewer@acme.example","permissions":{"SEC":["BROWSE_PROJECTS"]}}'
  State:             ${fake.url}/_fake/state`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
