// Acme's demo GitHub connection (docs/PRODUCT.md#integrations), shared by the demo seed and the fake
// GitHub's CLI (tools/fake-github/cli.ts): the fake starts knowing the token the seed sealed and
// sends its webhooks, signed with the seed's secret, to the seed's connection. No imports, so the
// tool can read it without the server's modules. Demo-only values: they open nothing real.

export const DEMO_GITHUB_CONNECTION_ID = "00000000-0000-4000-8000-7a0000000001";
/** The fake GitHub's default address (`npm run github:fake`). */
export const DEMO_GITHUB_BASE_URL = "http://127.0.0.1:4020";
export const DEMO_GITHUB_REPO = "acme/webapp";
export const DEMO_GITHUB_TOKEN = "github_pat_demo_00000000000000000000_acmeWebappIssuesWriteForTheLocalFakeGitHubOnly";
export const DEMO_GITHUB_WEBHOOK_SECRET = "demo-github-webhook-secret-for-the-local-fake-only";

/** The tickets Acme's findings have there: #1 still open, #2 closed (its finding waits for its retest). */
export const DEMO_GITHUB_TICKETS = [
  {
    id: "00000000-0000-4000-8000-7b0000000001",
    number: 1,
    findingId: "00000000-0000-4000-8000-f10000000002",
    title: "[Critical] System prompt disclosed through the gateway's debug route",
    label: "security:critical",
    state: "open",
  },
  {
    id: "00000000-0000-4000-8000-7b0000000002",
    number: 2,
    findingId: "00000000-0000-4000-8000-f10000000008",
    title: "[Informational] Security headers missing on the status page",
    label: "security:informational",
    state: "closed",
  },
] as const;

/** Where the fake shows an issue: the ticket's link in the portal. */
export const demoGitHubIssueUrl = (number: number) => `${DEMO_GITHUB_BASE_URL}/${DEMO_GITHUB_REPO}/issues/${number}`;

// Globex's demo Jira connection, on the fake Jira `npm run jira:fake` starts with the same account
// and token (tools/fake-jira/cli.ts): no tickets yet, so a newcomer files the first one.
export const DEMO_JIRA_CONNECTION_ID = "00000000-0000-4000-8000-7a0000000002";
/** The fake Jira's default address. */
export const DEMO_JIRA_BASE_URL = "http://127.0.0.1:4040";
export const DEMO_JIRA_PROJECT = "GLX";
export const DEMO_JIRA_EMAIL = "client2@example.com";
export const DEMO_JIRA_API_TOKEN = "ATATT3xFfGF0demo_globex_jira_api_token_for_the_local_fake_jira_only";
export const DEMO_JIRA_WEBHOOK_SECRET = "demo-jira-webhook-secret-for-the-local-fake-only";
