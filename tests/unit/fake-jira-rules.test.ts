// The fake Jira keeps the rules of Jira Cloud's REST API v3 and admin webhooks the product relies on
// (tools/fake-jira/README.md): Basic e-mail:API token or a plain-text 401, permissions per project,
// Jira's 400s per field (an Atlassian Document for a description, labels without spaces), 404s in
// Jira's words, the removed /search (410), the 429 with Retry-After, the simplified workflow's
// transitions, and webhooks signed with X-Hub-Signature. Driven through jira.js itself, which
// checks every answer against its schemas (a drift throws), and plain fetch for headers and bodies.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCloudClient } from "jira.js/cloud";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../../tools/fake-jira/server";

let fake: FakeJira;

let owner: { email: string; apiToken: string };
beforeAll(async () => {
  fake = await startFakeJira();
  fake.addProject({ key: "SEC", name: "Acme Security" });
  fake.addProject({ key: "HR", name: "People" });
  owner = { email: "owner@acme.example", ...fake.addUser({ email: "owner@acme.example" }) };
});
afterAll(() => fake.close());

const jira = ({ email, apiToken }: { email: string; apiToken: string }) =>
  createCloudClient({ host: fake.url, auth: { type: "basic", email, apiToken }, onSchemaMismatch: "throw" });
const doc = (text: string) => ({
  type: "doc" as const,
  version: 1 as const,
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

function call(who: { email: string; apiToken: string } | null, method: string, path: string, body?: unknown) {
  return fetch(`${fake.url}/rest/api/3${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Basic ${Buffer.from(`${who.email}:${who.apiToken}`).toString("base64")}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
async function answer(response: Promise<Response>) {
  const r = await response;
  const raw = await r.text();
  return {
    status: r.status,
    body: (r.headers.get("content-type") ?? "").includes("json") ? (JSON.parse(raw) as unknown) : raw,
    headers: r.headers,
  };
}
const create = (who: { email: string; apiToken: string }, fields: Record<string, unknown>) =>
  answer(
    call(who, "POST", "/issue", {
      fields: { project: { key: "SEC" }, issuetype: { name: "Task" }, summary: "S", description: doc("d"), ...fields },
    }),
  );

describe("fake Jira: accounts", () => {
  it("answers a missing, wrong, revoked or Bearer credential with Jira's plain-text 401", async () => {
    const plain = "Client must be authenticated to access this resource.";
    expect(await answer(call(null, "GET", "/myself"))).toMatchObject({ status: 401, body: plain });
    expect(await answer(call({ ...owner, apiToken: "nope" }, "GET", "/myself"))).toMatchObject({ status: 401, body: plain });
    const second = { email: owner.email, apiToken: fake.issueToken(owner.email) };
    expect((await jira(second).myself.getCurrentUser()).emailAddress).toBe(owner.email);
    fake.revokeToken(second.apiToken);
    expect(await answer(call(second, "GET", "/myself"))).toMatchObject({ status: 401 });
    const bearer = await fetch(`${fake.url}/rest/api/3/myself`, { headers: { authorization: `Bearer ${owner.apiToken}` } });
    expect(bearer.status).toBe(401);
  });

  it("shows a project with its issue types and the account's permissions there; another's project is 404", async () => {
    const limited = fake.addUser({ email: "viewer@acme.example", permissions: { SEC: ["BROWSE_PROJECTS", "ADD_COMMENTS"] } });
    const viewer = { email: "viewer@acme.example", apiToken: limited.apiToken };
    const project = await jira(viewer).projects.getProject({ projectIdOrKey: "SEC" });
    expect(project).toMatchObject({ key: "SEC", name: "Acme Security" });
    expect(project.issueTypes?.map((type) => type.name)).toEqual(["Task", "Bug", "Story", "Epic"]);
    const granted = await jira(viewer).permissions.getMyPermissions({ projectKey: "SEC", permissions: "CREATE_ISSUES,ADD_COMMENTS" });
    expect(granted.permissions?.CREATE_ISSUES?.havePermission).toBe(false);
    expect(granted.permissions?.ADD_COMMENTS?.havePermission).toBe(true);
    expect(await answer(call(viewer, "GET", "/project/HR"))).toMatchObject({
      status: 404,
      body: { errorMessages: ["No project could be found with key 'HR'."], errors: {} },
    });
    expect(await answer(call(viewer, "GET", "/mypermissions?projectKey=SEC"))).toMatchObject({ status: 400 });
    const search = await jira(viewer).projects.searchProjects({ action: "create" });
    expect(search.values?.map((p) => p.key)).toEqual([]);
    expect((await jira(owner).projects.searchProjects({ action: "create" })).values?.map((p) => p.key)).toEqual(["HR", "SEC"]);
  });
});

describe("fake Jira: issues", () => {
  it("creates with an Atlassian Document, finds by label, edits, comments and moves through the workflow via jira.js", async () => {
    const api = jira(owner);
    const created = await api.issues.createIssue({
      fields: {
        project: { key: "SEC" },
        issuetype: { name: "Bug" },
        summary: "Prompt injection",
        description: doc("Details"),
        labels: ["security:high", "sentinel-x"],
      },
    });
    expect(created.key).toMatch(/^SEC-\d+$/);
    const found = await api.issueSearch.searchAndReconsileIssuesUsingJql({
      jql: 'project = "SEC" AND labels = "sentinel-x"',
      fields: ["status"],
    });
    expect(found.issues?.map((issue) => issue.key)).toEqual([created.key]);
    await api.issues.editIssue({ issueIdOrKey: created.key!, fields: { summary: "Prompt injection (edited)", description: doc("More") } });
    const issue = await api.issues.getIssue({ issueIdOrKey: created.key!, fields: ["summary", "status"] });
    expect(issue.fields).toMatchObject({ summary: "Prompt injection (edited)", status: { statusCategory: { key: "new" } } });
    await api.issueComments.addComment({ issueIdOrKey: created.key!, body: doc("A verdict") });
    expect(fake.comments(created.key!)).toHaveLength(1);
    const { transitions } = await api.issues.getTransitions({ issueIdOrKey: created.key! });
    const done = transitions!.find((t) => t.to?.statusCategory?.key === "done")!;
    await api.issues.doTransition({ issueIdOrKey: created.key!, transition: { id: done.id! } });
    expect((await api.issues.getIssue({ issueIdOrKey: created.key!, fields: ["status", "resolution"] })).fields).toMatchObject({
      status: { name: "Done" },
      resolution: { name: "Done" },
    });
    expect(await answer(call(owner, "POST", `/issue/${created.key}/transitions`, { transition: { id: "99" } }))).toMatchObject({
      status: 400,
      body: { errorMessages: ["Transition id '99' is not valid for this issue."] },
    });
  });

  it("refuses what Jira refuses, per field, in its words", async () => {
    expect(await create(owner, { summary: "" })).toMatchObject({
      status: 400,
      body: { errors: { summary: "You must specify a summary of the issue." } },
    });
    expect(await create(owner, { summary: "x".repeat(256) })).toMatchObject({
      status: 400,
      body: { errors: { summary: "Summary must be less than 255 characters." } },
    });
    expect(await create(owner, { description: "plain **markdown**" })).toMatchObject({
      status: 400,
      body: { errors: { description: "Operation value must be an Atlassian Document (see the Atlassian Document Format)" } },
    });
    expect(await create(owner, { description: { type: "doc", version: 1, content: [{ type: "extension" }] } })).toMatchObject({
      status: 400,
    });
    expect(await create(owner, { labels: ["sec high"] })).toMatchObject({
      status: 400,
      body: { errors: { labels: "The label 'sec high' contains spaces which is invalid." } },
    });
    expect(await create(owner, { issuetype: { name: "Incident" } })).toMatchObject({
      status: 400,
      body: { errors: { issuetype: "Specify a valid issue type" } },
    });
    const reader = fake.addUser({ email: "reader@acme.example", permissions: { SEC: ["BROWSE_PROJECTS"] } });
    expect(await create({ email: "reader@acme.example", apiToken: reader.apiToken }, {})).toMatchObject({
      status: 400,
      body: { errors: { project: "You do not have permission to create issues in this project." } },
    });
    expect(await answer(call(owner, "GET", "/issue/SEC-999"))).toMatchObject({
      status: 404,
      body: { errorMessages: ["Issue does not exist or you do not have permission to see it."] },
    });
  });

  it("answers the removed /search with 410 and a query it cannot parse with a JQL error", async () => {
    expect(await answer(call(owner, "GET", "/search?jql=project%3DSEC"))).toMatchObject({ status: 410 });
    expect(await answer(call(owner, "GET", `/search/jql?jql=${encodeURIComponent("summary ~ x")}`))).toMatchObject({
      status: 400,
      body: { errorMessages: [expect.stringMatching(/^Error in the JQL Query/)] },
    });
    expect(await answer(call(owner, "GET", `/search/jql?jql=${encodeURIComponent("project = NOPE")}`))).toMatchObject({
      status: 400,
      body: { errorMessages: ["The value 'NOPE' does not exist for the field 'project'."] },
    });
  });
});

describe("fake Jira: rate limit", () => {
  it("answers 429 with Retry-After past an account's limit, until the minute ends", async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    let now = minute + 1_000;
    const limited = await startFakeJira({ now: () => now, rateLimit: 2 });
    try {
      const who = { email: "a@b.example", ...limited.addUser({ email: "a@b.example" }) };
      const get = () =>
        fetch(`${limited.url}/rest/api/3/myself`, {
          headers: { authorization: `Basic ${Buffer.from(`${who.email}:${who.apiToken}`).toString("base64")}` },
        });
      expect((await get()).status).toBe(200);
      expect((await get()).status).toBe(200);
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("59");
      expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
      now = minute + 60_000;
      expect((await get()).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("fake Jira: admin webhooks", () => {
  it("signs each delivery with X-Hub-Signature under the webhook's secret; a forged one carries another signature", async () => {
    const received: { signature: string | undefined; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ signature: req.headers["x-hub-signature"] as string | undefined, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      fake.addWebhook({
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        secret: "s3cret",
        events: ["jira:issue_updated"],
      });
      const created = await create(owner, { summary: "Hooked" });
      const key = (created.body as { key: string }).key;
      await fake.closeIssue(key);
      await fake.forgeDelivery(key);
      const expected = (body: string) => `sha256=${createHmac("sha256", "s3cret").update(body).digest("hex")}`;
      const [closed, forged] = received;
      expect(closed!.signature).toBe(expected(closed!.body));
      expect(JSON.parse(closed!.body)).toMatchObject({
        webhookEvent: "jira:issue_updated",
        issue: { key, fields: { status: { statusCategory: { key: "done" } }, project: { key: "SEC" } } },
        changelog: { items: [expect.objectContaining({ field: "status", fromString: "To Do", toString: "Done" }), expect.anything()] },
      });
      expect(forged!.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(forged!.signature).not.toBe(expected(forged!.body));
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it("opens an issue's page whose Done button moves it as the site's administrator", async () => {
    const created = await create(owner, { summary: "Paged" });
    const key = (created.body as { key: string }).key;
    const page = await fetch(`${fake.url}/browse/${key}`);
    expect(await page.text()).toContain("Paged");
    const moved = await fetch(`${fake.url}/browse/${key}`, {
      method: "POST",
      body: new URLSearchParams({ to: "Done" }),
      redirect: "manual",
    });
    expect(moved.status).toBe(303);
    expect(fake.issues("SEC").find((issue) => issue.key === key)!.fields.status).toMatchObject({ name: "Done" });
  });
});
