// The fake Jira keeps the rules of Jira Cloud's REST API v3 and admin webhooks the product relies on
// (tools/fake-jira/README.md): Basic e-mail:API token or a plain-text 401 (no header: an anonymous
// visitor who sees no project), permissions per project, Jira's 400s per field (an Atlassian Document
// for a description, labels without spaces, a known priority), 404s in Jira's words, the removed
// /search (410), the enhanced search's token pages, the 429 with Retry-After, the simplified
// workflow's transitions, and webhooks signed with X-Hub-Signature. Driven through jira.js itself,
// which checks every answer against its schemas (a drift throws), and plain fetch for headers and bodies.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isAuthError, isNotFoundError, isRateLimitError } from "jira.js";
import { createCloudClient } from "jira.js/cloud";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../../tools/fake-jira/server";

type Who = { email: string; apiToken: string };

let fake: FakeJira;
let owner: Who;
beforeAll(async () => {
  // A limit no test here reaches; the rate limit's own test starts a fake with a small one.
  fake = await startFakeJira({ rateLimit: 10_000 });
  fake.addProject({ key: "SEC", name: "Acme Security" });
  fake.addProject({ key: "HR", name: "People" });
  owner = { email: "owner@acme.example", ...fake.addUser({ email: "owner@acme.example" }) };
});
afterAll(() => fake.close());

let people = 0;
/** Another account, with only the permissions given on SEC. */
function person(permissions: string[]): Who {
  const email = `person${++people}@acme.example`;
  return { email, apiToken: fake.addUser({ email, permissions: { SEC: permissions } }).apiToken };
}

const jira = ({ email, apiToken }: Who, host = fake.url) =>
  createCloudClient({ host, auth: { type: "basic", email, apiToken }, onSchemaMismatch: "throw" });
const doc = (text: string) => ({
  type: "doc" as const,
  version: 1 as const,
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

function call(who: Who | null, method: string, path: string, body?: unknown, base = fake.url) {
  return fetch(`${base}/rest/api/3${path}`, {
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
const create = (who: Who, fields: Record<string, unknown>) =>
  answer(
    call(who, "POST", "/issue", {
      fields: { project: { key: "SEC" }, issuetype: { name: "Task" }, summary: "S", description: doc("d"), ...fields },
    }),
  );
const keyOf = (created: { body: unknown }) => (created.body as { key: string }).key;

/** A webhook receiver on loopback that records each delivery's headers and raw body. */
async function receiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
const hmac = (body: string, secret: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("fake Jira: accounts", () => {
  const plain = "Client must be authenticated to access this resource.";

  it("answers a wrong, revoked or Bearer credential with Jira's plain-text 401, through jira.js too", async () => {
    const wrong = await answer(call({ ...owner, apiToken: "nope" }, "GET", "/project/SEC"));
    expect(wrong).toMatchObject({ status: 401, body: plain });
    expect(wrong.headers.get("www-authenticate")).toBe(`OAuth realm="${encodeURIComponent(fake.url)}"`);
    expect(wrong.headers.get("x-seraph-loginreason")).toBe("AUTHENTICATED_FAILED");
    await expect(jira({ ...owner, apiToken: "nope" }).myself.getCurrentUser()).rejects.toSatisfy(isAuthError);

    const second = { email: owner.email, apiToken: fake.issueToken(owner.email) };
    expect((await jira(second).myself.getCurrentUser()).emailAddress).toBe(owner.email);
    fake.revokeToken(second.apiToken);
    await expect(jira(second).myself.getCurrentUser()).rejects.toSatisfy(isAuthError);
    expect(await answer(call(second, "GET", "/myself"))).toMatchObject({ status: 401, body: plain });
    // The token belongs to its own account only.
    expect((await answer(call({ email: "someone@acme.example", apiToken: owner.apiToken }, "GET", "/myself"))).status).toBe(401);
    const bearer = await fetch(`${fake.url}/rest/api/3/myself`, { headers: { authorization: `Bearer ${owner.apiToken}` } });
    expect(bearer.status).toBe(401);
  });

  it("answers no credential as an anonymous visitor: no project to see, 401 for the account and any write", async () => {
    expect(await answer(call(null, "GET", "/project/SEC"))).toMatchObject({
      status: 404,
      body: { errorMessages: ["No project could be found with key 'SEC'."], errors: {} },
    });
    expect(await answer(call(null, "GET", "/myself"))).toMatchObject({ status: 401, body: plain });
    expect((await answer(call(null, "POST", "/issue", { fields: {} }))).status).toBe(401);
    expect(await answer(call(null, "GET", `/search/jql?jql=${encodeURIComponent("labels = x")}`))).toMatchObject({
      status: 200,
      body: { issues: [], isLast: true },
    });
  });

  it("shows the account, a project with its issue types and the account's permissions; another's project is 404", async () => {
    const me = await jira(owner).myself.getCurrentUser();
    expect(me).toMatchObject({ emailAddress: owner.email, accountType: "atlassian", active: true });
    const viewer = person(["BROWSE_PROJECTS", "ADD_COMMENTS"]);
    const project = await jira(viewer).projects.getProject({ projectIdOrKey: "SEC" });
    expect(project).toMatchObject({ key: "SEC", name: "Acme Security", projectTypeKey: "software", simplified: true });
    expect(project.id).toMatch(/^\d+$/);
    expect(project.issueTypes?.map((type) => type.name)).toEqual(["Task", "Bug", "Story", "Epic"]);
    expect((await jira(viewer).projects.getProject({ projectIdOrKey: project.id! })).key).toBe("SEC");
    const granted = await jira(viewer).permissions.getMyPermissions({ projectKey: "SEC", permissions: "CREATE_ISSUES,ADD_COMMENTS" });
    expect(granted.permissions?.CREATE_ISSUES).toMatchObject({ key: "CREATE_ISSUES", type: "PROJECT", havePermission: false });
    expect(granted.permissions?.ADD_COMMENTS?.havePermission).toBe(true);
    await expect(jira(viewer).projects.getProject({ projectIdOrKey: "HR" })).rejects.toSatisfy(isNotFoundError);
    expect(await answer(call(viewer, "GET", "/project/HR"))).toMatchObject({
      status: 404,
      body: { errorMessages: ["No project could be found with key 'HR'."], errors: {} },
    });
    expect(await answer(call(viewer, "GET", "/mypermissions?projectKey=SEC"))).toMatchObject({
      status: 400,
      body: { errorMessages: ["The 'permissions' query parameter is required."], errors: {} },
    });
    expect((await jira(viewer).projects.searchProjects({ action: "create" })).values?.map((p) => p.key)).toEqual([]);
    expect((await jira(owner).projects.searchProjects({ action: "create" })).values?.map((p) => p.key)).toEqual(["HR", "SEC"]);
  });

  it("stamps each answer as Jira's edge does, with the account's rate headers", async () => {
    const r = await call(owner, "GET", "/myself");
    expect(r.headers.get("content-type")).toBe("application/json;charset=UTF-8");
    expect(r.headers.get("x-arequestid")).toMatch(/^[0-9a-f]+$/);
    expect(r.headers.get("atl-traceid")).toMatch(/^[0-9a-f]+$/);
    expect(r.headers.get("x-ratelimit-limit")).toBe("10000");
    expect(Number(r.headers.get("x-ratelimit-remaining"))).toBeLessThan(10_000);
    expect(r.headers.get("x-aaccountid")).toBe((await r.json()).accountId);
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
        priority: { name: "High" },
      },
    });
    expect(created.key).toMatch(/^SEC-\d+$/);
    expect(created.self).toBe(`${fake.url}/rest/api/3/issue/${created.id}`);
    const found = await api.issueSearch.searchAndReconsileIssuesUsingJql({
      jql: 'project = "SEC" AND labels = "sentinel-x" ORDER BY created ASC',
      fields: ["status", "priority"],
    });
    expect(found.issues?.map((issue) => issue.key)).toEqual([created.key]);
    expect(found.issues?.[0]?.fields).toMatchObject({ status: { name: "To Do" }, priority: { name: "High" } });
    await api.issues.editIssue({ issueIdOrKey: created.key!, fields: { summary: "Prompt injection (edited)", description: doc("More") } });
    const issue = await api.issues.getIssue({ issueIdOrKey: created.key!, fields: ["summary", "status"] });
    expect(Object.keys(issue.fields ?? {}).sort()).toEqual(["status", "summary"]);
    expect(issue.fields).toMatchObject({
      summary: "Prompt injection (edited)",
      status: { name: "To Do", statusCategory: { key: "new", colorName: "blue-gray" } },
    });
    const whole = await api.issues.getIssue({ issueIdOrKey: created.key! });
    expect(whole.fields).toMatchObject({
      labels: ["security:high", "sentinel-x"],
      issuetype: { name: "Bug" },
      project: { key: "SEC" },
      resolution: null,
    });
    expect(whole.fields?.description).toEqual(doc("More"));

    const comment = await api.issueComments.addComment({ issueIdOrKey: created.key!, body: doc("A verdict") });
    expect(comment).toMatchObject({ body: doc("A verdict"), author: { emailAddress: owner.email } });
    expect(fake.comments(created.key!)).toHaveLength(1);

    const { transitions } = await api.issues.getTransitions({ issueIdOrKey: created.key! });
    expect(transitions?.map((t) => [t.id, t.name])).toEqual([
      ["21", "In Progress"],
      ["31", "Done"],
    ]);
    const done = transitions!.find((t) => t.to?.statusCategory?.key === "done")!;
    await api.issues.doTransition({ issueIdOrKey: created.key!, transition: { id: done.id! } });
    expect(
      (await api.issues.getIssue({ issueIdOrKey: created.key!, fields: ["status", "resolution", "resolutiondate"] })).fields,
    ).toMatchObject({
      status: { name: "Done", statusCategory: { key: "done" } },
      resolution: { name: "Done" },
      resolutiondate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await api.issues.doTransition({ issueIdOrKey: created.key!, transition: { id: "11" } });
    expect((await api.issues.getIssue({ issueIdOrKey: created.key!, fields: ["resolution"] })).fields).toMatchObject({ resolution: null });
    expect(await answer(call(owner, "POST", `/issue/${created.key}/transitions`, { transition: { id: "99" } }))).toMatchObject({
      status: 400,
      body: { errorMessages: ["Transition id '99' is not valid for this issue."], errors: {} },
    });
  });

  it("refuses what Jira refuses on a create, per field, in its words", async () => {
    expect(await create(owner, { summary: undefined })).toMatchObject({
      status: 400,
      body: { errorMessages: [], errors: { summary: "You must specify a summary of the issue." } },
    });
    expect(await create(owner, { summary: "x".repeat(256) })).toMatchObject({
      status: 400,
      body: { errors: { summary: "Summary must be less than 255 characters." } },
    });
    expect(await create(owner, { description: "plain **markdown**" })).toMatchObject({
      status: 400,
      body: { errors: { description: "Operation value must be an Atlassian Document (see the Atlassian Document Format)" } },
    });
    const unknownNode = await create(owner, { description: { type: "doc", version: 1, content: [{ type: "extension" }] } });
    expect(unknownNode.status).toBe(400);
    expect(await create(owner, { labels: ["sec high"] })).toMatchObject({
      status: 400,
      body: { errors: { labels: "The label 'sec high' contains spaces which is invalid." } },
    });
    expect((await create(owner, { labels: ["x".repeat(256)] })).status).toBe(400);
    expect(await create(owner, { issuetype: { name: "Incident" } })).toMatchObject({
      status: 400,
      body: { errors: { issuetype: "Specify a valid issue type" } },
    });
    expect(await create(owner, { project: { key: "NOPE" } })).toMatchObject({
      status: 400,
      body: { errors: { project: "Specify a valid project ID or key" } },
    });
    expect(await create(owner, { priority: { name: "Urgent" } })).toMatchObject({
      status: 400,
      body: { errors: { priority: "The priority selected is invalid." } },
    });
    expect(await create(owner, { assignee: { accountId: "x" } })).toMatchObject({
      status: 400,
      body: { errors: { assignee: "Field 'assignee' cannot be set. It is not on the appropriate screen, or unknown." } },
    });
    // Every problem at once.
    expect(Object.keys(((await create(owner, { summary: "", labels: ["a b"] })).body as { errors: object }).errors).sort()).toEqual([
      "labels",
      "summary",
    ]);
    expect(await create(person(["BROWSE_PROJECTS"]), {})).toMatchObject({
      status: 400,
      body: { errorMessages: [], errors: { project: "You do not have permission to create issues in this project." } },
    });
    expect(await answer(call(owner, "GET", "/issue/SEC-999"))).toMatchObject({
      status: 404,
      body: { errorMessages: ["Issue does not exist or you do not have permission to see it."], errors: {} },
    });
    const notJson = await fetch(`${fake.url}/rest/api/3/issue`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiToken}`).toString("base64")}`,
        "content-type": "text/plain",
      },
      body: "summary=x",
    });
    expect(notJson.status).toBe(415);
  });

  it("lets an account do only what its permissions allow: no edit screen, no transitions, no comments", async () => {
    const key = keyOf(await create(owner, { summary: "Guarded" }));
    const reader = person(["BROWSE_PROJECTS"]);
    expect(await answer(call(reader, "PUT", `/issue/${key}`, { fields: { summary: "Mine now" } }))).toMatchObject({
      status: 400,
      body: { errorMessages: [], errors: { summary: "Field 'summary' cannot be set. It is not on the appropriate screen, or unknown." } },
    });
    expect((await jira(reader).issues.getTransitions({ issueIdOrKey: key })).transitions).toEqual([]);
    expect(await answer(call(reader, "POST", `/issue/${key}/transitions`, { transition: { id: "31" } }))).toMatchObject({
      status: 400,
      body: { errorMessages: ["Transition id '31' is not valid for this issue."] },
    });
    expect((await answer(call(reader, "POST", `/issue/${key}/comment`, { body: doc("hi") }))).status).toBe(403);
    expect(await answer(call(owner, "POST", `/issue/${key}/comment`, { body: "plain text" }))).toMatchObject({
      status: 400,
      body: { errors: { comment: "Operation value must be an Atlassian Document (see the Atlassian Document Format)" } },
    });
    expect(fake.issues("SEC").find((i) => i.key === key)!.fields).toMatchObject({ summary: "Guarded", status: { name: "To Do" } });
    // Someone who cannot browse the project does not see the issue at all.
    const stranger = { email: "stranger@other.example", ...fake.addUser({ email: "stranger@other.example", permissions: {} }) };
    expect((await answer(call(stranger, "GET", `/issue/${key}`))).status).toBe(404);
    await expect(jira(stranger).issues.getIssue({ issueIdOrKey: key })).rejects.toSatisfy(isNotFoundError);
  });
});

describe("fake Jira: search", () => {
  it("pages the enhanced search with nextPageToken, by label, key and project", async () => {
    const keys = [];
    for (const n of [1, 2, 3]) keys.push(keyOf(await create(owner, { summary: `Paged ${n}`, labels: ["paged"] })));
    const api = jira(owner);
    const first = await api.issueSearch.searchAndReconsileIssuesUsingJql({
      jql: "labels in (paged, other) ORDER BY created ASC",
      fields: ["summary"],
      maxResults: 2,
    });
    expect(first.issues?.map((i) => i.key)).toEqual(keys.slice(0, 2));
    expect(first.isLast).toBe(false);
    const second = await api.issueSearch.searchAndReconsileIssuesUsingJql({
      jql: "labels in (paged, other) ORDER BY created ASC",
      fields: ["summary"],
      maxResults: 2,
      nextPageToken: first.nextPageToken!,
    });
    expect(second).toMatchObject({ isLast: true });
    expect(second.issues?.map((i) => i.key)).toEqual(keys.slice(2));
    // Without fields: ids only.
    const ids = await answer(call(owner, "GET", `/search/jql?jql=${encodeURIComponent(`key = ${keys[0]}`)}`));
    expect(ids.body).toEqual({ issues: [{ id: expect.stringMatching(/^\d+$/) }], isLast: true });
    const newest = await answer(
      call(owner, "POST", "/search/jql", { jql: "project = SEC AND labels = paged ORDER BY created DESC", fields: ["summary"] }),
    );
    expect((newest.body as { issues: { key: string }[] }).issues.map((i) => i.key)).toEqual([...keys].reverse());
  });

  it("answers the removed /search with 410, a query it cannot parse or a value the account cannot see with 400", async () => {
    expect(await answer(call(owner, "GET", "/search?jql=project%3DSEC"))).toMatchObject({
      status: 410,
      body: {
        errorMessages: [
          expect.stringMatching(/^The requested API has been removed. Please migrate to the \/rest\/api\/3\/search\/jql API/),
        ],
      },
    });
    expect((await answer(call(owner, "POST", "/search", { jql: "project = SEC" }))).status).toBe(410);
    expect(await answer(call(owner, "GET", `/search/jql?jql=${encodeURIComponent("project SEC")}`))).toMatchObject({
      status: 400,
      body: {
        errorMessages: [expect.stringMatching(/^Error in the JQL Query: Expecting operator but got 'SEC'\..*\(line 1, character 9\)$/)],
        errors: {},
      },
    });
    expect(await answer(call(owner, "GET", `/search/jql?jql=${encodeURIComponent("summary ~ x")}`))).toMatchObject({
      status: 400,
      body: { errorMessages: [expect.stringMatching(/^Error in the JQL Query/)] },
    });
    expect(await answer(call(owner, "GET", `/search/jql?jql=${encodeURIComponent("project = NOPE")}`))).toMatchObject({
      status: 400,
      body: { errorMessages: ["The value 'NOPE' does not exist for the field 'project'."], errors: {} },
    });
    expect(await answer(call(person([]), "GET", `/search/jql?jql=${encodeURIComponent('project = "SEC"')}`))).toMatchObject({
      status: 400,
      body: { errorMessages: ["The value 'SEC' does not exist for the field 'project'."] },
    });
  });

  it("answers a path no resource serves with Jersey's 404", async () => {
    expect(await answer(call(owner, "GET", "/nothing/here"))).toMatchObject({
      status: 404,
      body: { message: `null for uri: ${fake.url}/rest/api/3/nothing/here`, "status-code": 404 },
    });
    expect((await fetch(`${fake.url}/rest/agile/1.0/board`)).status).toBe(404);
  });
});

describe("fake Jira: rate limit", () => {
  it("answers 429 with Retry-After past an account's limit, until the minute ends", async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    let now = minute + 1_000;
    const limited = await startFakeJira({ now: () => now, rateLimit: 2 });
    try {
      const who = { email: "a@b.example", ...limited.addUser({ email: "a@b.example" }) };
      const get = () => call(who, "GET", "/myself", undefined, limited.url);
      expect((await get()).status).toBe(200);
      expect((await get()).headers.get("x-ratelimit-remaining")).toBe("0");
      const refused = await answer(get());
      expect(refused).toMatchObject({
        status: 429,
        body: { errorMessages: ["The request has been rate-limited. Please try again later."], errors: {} },
      });
      expect(refused.headers.get("retry-after")).toBe("59");
      expect(refused.headers.get("x-ratelimit-limit")).toBe("2");
      expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(refused.headers.get("x-ratelimit-reset")).toBe(`${new Date(minute + 60_000).toISOString().slice(0, 16)}Z`);
      expect(refused.headers.get("ratelimit-reason")).toBe("jira-burst-based");
      const error = await jira(who, limited.url)
        .myself.getCurrentUser()
        .catch((e: unknown) => e);
      expect(isRateLimitError(error) && error.retryAfterMs).toBe(59_000);
      // The counts are per account.
      const other = { email: "c@b.example", ...limited.addUser({ email: "c@b.example" }) };
      expect((await call(other, "GET", "/myself", undefined, limited.url)).status).toBe(200);
      now = minute + 60_000;
      expect((await get()).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("fake Jira: admin webhooks", () => {
  it("signs each delivery with X-Hub-Signature under the webhook's secret; a forged one carries another signature", async () => {
    const hook = await receiver();
    const id = fake.addWebhook({ url: hook.url, secret: "s3cret", events: ["jira:issue_updated"] });
    try {
      const key = keyOf(await create(owner, { summary: "Hooked" }));
      const closed = await fake.closeIssue(key);
      expect(closed).toEqual([expect.objectContaining({ webhookId: id, event: "jira:issue_updated", status: 204, forged: false })]);
      await fake.forgeDelivery(key);
      await expect(fake.closeIssue(key)).rejects.toThrow(/Done already/);
      const [moved, forged] = hook.received;
      expect(moved!.headers).toMatchObject({
        "user-agent": "Atlassian Webhook HTTP Client",
        "content-type": "application/json; charset=UTF-8",
        "x-atlassian-webhook-identifier": closed[0]!.id,
        "x-hub-signature": hmac(moved!.body, "s3cret"),
      });
      expect(JSON.parse(moved!.body)).toMatchObject({
        timestamp: expect.any(Number),
        webhookEvent: "jira:issue_updated",
        issue_event_type_name: "issue_generic",
        user: { displayName: "Fake Admin", accountType: "atlassian" },
        issue: {
          key,
          self: expect.stringContaining("/rest/api/3/issue/"),
          fields: { status: { name: "Done", statusCategory: { key: "done" } }, project: { key: "SEC" } },
        },
        changelog: {
          id: expect.any(String),
          items: [
            { field: "status", fieldtype: "jira", fieldId: "status", from: "10000", fromString: "To Do", to: "10001", toString: "Done" },
            expect.objectContaining({ field: "resolution", toString: "Done" }),
          ],
        },
      });
      expect(forged!.headers["x-hub-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(forged!.headers["x-hub-signature"]).not.toBe(hmac(forged!.body, "s3cret"));
      expect(
        fake
          .deliveries()
          .filter((d) => d.webhookId === id)
          .map((d) => d.forged),
      ).toEqual([false, true]);
    } finally {
      await hook.close();
    }
  });

  it("sends the API's own writes too: jira:issue_created, comment_created and the transitions of the token's account", async () => {
    const hook = await receiver();
    fake.addWebhook({ url: hook.url });
    try {
      const key = keyOf(await create(owner, { summary: "Echoed" }));
      await jira(owner).issueComments.addComment({ issueIdOrKey: key, body: doc("Noted") });
      await jira(owner).issues.doTransition({ issueIdOrKey: key, transition: { id: "21" } });
      await fake.flushDeliveries();
      // Deliveries go out on their own time, as Jira's do: their order of arrival is not promised.
      const bodies = hook.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
      const kind = (b: Record<string, unknown>) => `${String(b.webhookEvent)} ${String(b.issue_event_type_name)}`;
      const byKind = Object.fromEntries(bodies.map((b) => [kind(b), b]));
      expect(Object.keys(byKind).sort()).toEqual([
        "comment_created undefined",
        "jira:issue_created issue_created",
        "jira:issue_updated issue_commented",
        "jira:issue_updated issue_generic",
      ]);
      expect(bodies).toHaveLength(4);
      expect(byKind["jira:issue_created issue_created"]).toMatchObject({
        user: { accountId: expect.any(String), displayName: "owner" },
        issue: { key, fields: { summary: "Echoed", status: { name: "To Do" } } },
      });
      expect(byKind["comment_created undefined"]).toMatchObject({ comment: { body: doc("Noted") }, issue: { key } });
      expect(byKind["jira:issue_updated issue_generic"]).toMatchObject({
        changelog: { items: [expect.objectContaining({ field: "status", toString: "In Progress" })] },
      });
      // Jira leaves the e-mail address out of a webhook's accounts.
      expect(JSON.stringify(bodies)).not.toContain(owner.email);
      // No secret, no signature.
      expect(hook.received.every((r) => r.headers["x-hub-signature"] === undefined)).toBe(true);
    } finally {
      await hook.close();
    }
  });
});

describe("fake Jira: pages and control routes", () => {
  it("opens an issue's page whose Done button moves it as the site's administrator; lists a project's issues", async () => {
    const key = keyOf(await create(owner, { summary: "Paged <b>", description: doc("Shown plainly") }));
    const shown = await (await fetch(`${fake.url}/browse/${key}`)).text();
    expect(shown).toContain("Paged &#60;b&#62;");
    expect(shown).toContain("Shown plainly");
    expect(shown).toMatch(/<button>Done<\/button>/);
    const moved = await fetch(`${fake.url}/browse/${key}`, {
      method: "POST",
      body: new URLSearchParams({ to: "Done" }),
      redirect: "manual",
    });
    expect(moved.status).toBe(303);
    expect(fake.issues("SEC").find((issue) => issue.key === key)!.fields.status).toMatchObject({ name: "Done" });
    expect(await (await fetch(`${fake.url}/projects/SEC/issues`)).text()).toContain(`/browse/${key}`);
    expect((await fetch(`${fake.url}/browse/SEC-9999`)).status).toBe(404);
  });

  it("offers the same methods over /_fake/ for the CLI", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${fake.url}/_fake${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const made = (await (await post("/users", { email: "cli@acme.example", permissions: { SEC: ["BROWSE_PROJECTS"] } })).json()) as Who;
    expect(made.apiToken).toMatch(/^ATATT3x/);
    expect((await jira({ ...made, email: "cli@acme.example" }).projects.getProject({ projectIdOrKey: "SEC" })).key).toBe("SEC");
    const key = keyOf(await create(owner, { summary: "Steered" }));
    expect((await post("/issues/transition", { key, to: "In Progress" })).status).toBe(200);
    expect(fake.issues("SEC").find((i) => i.key === key)!.fields.status).toMatchObject({ name: "In Progress" });
    expect((await post("/issues/transition", { key, to: "In Progress" })).status).toBe(400);
    expect((await fetch(`${fake.url}/_fake/health`)).status).toBe(200);
  });
});
