// Starts the fake GitLab on its own: `npx tsx tools/fake-gitlab/cli.ts [--port 4030]`. It holds the
// project acme/platform and a project access token for it (scope `api`, Reporter), printed with curl
// lines to try; more projects, tokens and webhooks are added over /_fake/. FAKE_GITLAB_PORT (default
// 4030, `0` for any) and FAKE_GITLAB_LOG=1 as for the other fakes.
import { startFakeGitLab } from "./server";

const portArg = process.argv.indexOf("--port");
const port = Number(portArg > -1 ? process.argv[portArg + 1] : (process.env.FAKE_GITLAB_PORT ?? 4030)) || 0;

const fake = await startFakeGitLab({ port, log: process.env.FAKE_GITLAB_LOG === "1" });
const project = fake.addProject({ namespace: "acme", name: "platform" });
const token = fake.issueToken({ project: project.path_with_namespace, scopes: ["api"], accessLevel: 20, name: "Security findings" });
const api = `${fake.url}/api/v4/projects/${encodeURIComponent(project.path_with_namespace)}`;
const auth = `-H 'PRIVATE-TOKEN: ${token}'`;
const json = "-H 'content-type: application/json'";

console.info(`[fake-gitlab] listening on ${fake.url} (REST API v4; @gitbeaker/rest: new Gitlab({ host: "${fake.url}", token }))
  Project ${project.path_with_namespace} (id ${project.id}); a project access token (api, Reporter):
    ${token}
  The project:       curl ${api} ${auth}
  Create an issue:   curl -X POST ${api}/issues ${auth} ${json} -d '{"title":"Hello","labels":"security"}'
  Its page:          ${project.web_url}/-/issues/1 (Close / Reopen send the Issue Hook as fake-maintainer)
  Add a webhook:     curl -X POST ${fake.url}/_fake/webhooks ${json} -d '{"project":"${project.path_with_namespace}","url":"http://localhost:3000/…","token":"<secret>"}'
  Close as a person: curl -X POST ${fake.url}/_fake/issues/close ${json} -d '{"project":"${project.path_with_namespace}","iid":1}'
  More tokens:       curl -X POST ${fake.url}/_fake/tokens ${json} -d '{"project":"${project.path_with_namespace}","scopes":["read_api"],"access_level":10}'
  State:             ${fake.url}/_fake/state`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
