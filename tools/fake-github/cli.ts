// Starts the fake GitHub on its own: `npx tsx tools/fake-github/cli.ts [--port 4020]` (or
// `npm run github:fake`). It makes a demo repository and a fine-grained token that may write its
// issues, and prints them with what to try; FAKE_GITHUB_PORT and FAKE_GITHUB_LOG=1 as for the others.
import { startFakeGitHub } from "./server";

const portArg = process.argv.indexOf("--port");
const port = Number(portArg > -1 ? process.argv[portArg + 1] : (process.env.FAKE_GITHUB_PORT ?? 4020)) || 0;

const fake = await startFakeGitHub({ port, log: process.env.FAKE_GITHUB_LOG === "1" });
const repo = fake.addRepo({ owner: "acme", name: "webapp" });
const token = fake.issueToken({ kind: "fine-grained", repos: [repo.full_name], permissions: { issues: "write" } });
const json = "-H 'content-type: application/json'";

console.info(`[fake-github] listening on ${fake.url} (REST API 2022-11-28; @octokit/rest: new Octokit({ baseUrl: "${fake.url}", auth }))
  Repository ${repo.full_name}; a fine-grained token with issues: write on it:
    ${token}
  Create an issue:   curl -X POST ${fake.url}/repos/${repo.full_name}/issues -H 'authorization: Bearer ${token}' ${json} -d '{"title":"Hello"}'
  Its page:          ${fake.url}/${repo.full_name}/issues/1 (Close / Reopen send the issues webhook)
  A webhook:         curl -X POST ${fake.url}/_fake/webhooks ${json} -d '{"repo":"${repo.full_name}","url":"http://localhost:3000/…","secret":"…"}'
  Close as a person: curl -X POST ${fake.url}/_fake/issues/close ${json} -d '{"repo":"${repo.full_name}","number":1,"reason":"not_planned"}'
  More tokens:       curl -X POST ${fake.url}/_fake/tokens ${json} -d '{"kind":"installation","permissions":{"issues":"write"}}'
  State:             ${fake.url}/_fake/state`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
