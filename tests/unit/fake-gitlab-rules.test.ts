// The fake GitLab keeps the rules of GitLab's REST API v4 and project webhooks the product will rely
// on (tools/fake-gitlab/README.md): 401 for an unknown, revoked or expired token, 403 for a read-only
// scope or a too-low role, 404 for a project, an issue or a route, issues turned off, Grape's and the
// model's 400s, the 429 with Retry-After, offset pagination with its headers, and Issue Hooks carrying
// the hook's secret token (a forged one carries another). Driven through @gitbeaker/rest where the
// product will use it, and plain fetch for headers and bodies. Plain HTTP on a random port, no app code.
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Gitlab, GitbeakerRequestError } from "@gitbeaker/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGitLab, startFakeGitLab } from "../../tools/fake-gitlab/server";

let fake: FakeGitLab;
let skew = 0;
beforeAll(async () => {
  fake = await startFakeGitLab({ now: () => Date.now() + skew });
  fake.addProject({ namespace: "acme", name: "platform" });
  fake.addProject({ namespace: "acme", name: "other" });
  fake.addProject({ namespace: "acme", name: "no-issues", issues: false });
  fake.addProject({ namespace: "oss", name: "public-lib", visibility: "public" });
});
afterAll(() => fake.close());

const PLATFORM = "/projects/acme%2Fplatform";

function call(token: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${fake.url}/api/v4${path}`, {
    method,
    headers: {
      ...(token ? { "private-token": token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function answer(response: Promise<Response>) {
  const r = await response;
  const raw = await r.text();
  const body: unknown = (r.headers.get("content-type") ?? "").startsWith("application/json") ? JSON.parse(raw) : raw;
  return { status: r.status, body, headers: r.headers };
}

const gitlab = (token: string) => new Gitlab({ host: fake.url, token });
const tokenFor = (project: string, extra: { scopes?: string[]; accessLevel?: number } = {}) =>
  fake.issueToken({ project, accessLevel: 20, ...extra });

/** What gitbeaker throws for a refusal: its status and GitLab's body. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GitbeakerRequestError);
  return {
    status: (error as GitbeakerRequestError).cause!.response.status,
    description: (error as GitbeakerRequestError).cause!.description,
  };
}

describe("fake GitLab: tokens", () => {
  it("answers a missing or unknown token 401 and takes PRIVATE-TOKEN and Bearer alike", async () => {
    expect(await answer(call(undefined, "POST", `${PLATFORM}/issues`, { title: "x" }))).toMatchObject({
      status: 401,
      body: { message: "401 Unauthorized" },
    });
    expect(await answer(call("glpat-unknown00000000000", "GET", PLATFORM))).toMatchObject({
      status: 401,
      body: { message: "401 Unauthorized" },
    });
    const token = tokenFor("acme/platform");
    expect(token).toMatch(/^glpat-/);
    expect((await call(undefined, "GET", PLATFORM, undefined, { authorization: `Bearer ${token}` })).status).toBe(200);
    // Without a token a private project does not exist; a public one is readable, in its short form.
    expect(await answer(call(undefined, "GET", PLATFORM))).toMatchObject({ status: 404, body: { message: "404 Project Not Found" } });
    const open = await answer(call(undefined, "GET", "/projects/oss%2Fpublic-lib"));
    expect(open).toMatchObject({ status: 200, body: { path_with_namespace: "oss/public-lib", visibility: "public" } });
    expect(open.body).not.toHaveProperty("permissions");
  });

  it("answers a revoked or expired token with GitLab's invalid_token 401", async () => {
    const revoked = tokenFor("acme/platform");
    fake.revokeToken(revoked);
    const refused = await answer(call(revoked, "GET", PLATFORM));
    expect(refused).toMatchObject({
      status: 401,
      body: { error: "invalid_token", error_description: "Token was revoked. You have to re-authorize from the user." },
    });
    expect(refused.headers.get("www-authenticate")).toMatch(
      /^Bearer realm="[^"]+", error="invalid_token", error_description="Token was revoked/,
    );

    // Older GitLab deleted a revoked project token's bot at once: then it is just unknown.
    const deleted = tokenFor("acme/platform");
    fake.revokeToken(deleted, { botDeleted: true });
    expect(await answer(call(deleted, "GET", PLATFORM))).toMatchObject({ status: 401, body: { message: "401 Unauthorized" } });

    const tomorrow = new Date(Date.now() + skew + 86_400_000).toISOString().slice(0, 10);
    const expiring = fake.issueToken({ project: "acme/platform", expiresAt: tomorrow });
    expect((await call(expiring, "GET", PLATFORM)).status).toBe(200);
    skew += 2 * 86_400_000;
    expect(await answer(call(expiring, "GET", PLATFORM))).toMatchObject({
      status: 401,
      body: { error: "invalid_token", error_description: "Token is expired. You can either do re-authorization or token refresh." },
    });
  });

  it("refuses a write with only read_api as insufficient_scope, and reads with it", async () => {
    const reader = tokenFor("acme/platform", { scopes: ["read_api"] });
    const refused = await answer(call(reader, "POST", `${PLATFORM}/issues`, { title: "x" }));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "insufficient_scope",
      error_description: "The request requires higher privileges than provided by the access token.",
      scope: "api read_api",
    });
    expect(refused.headers.get("www-authenticate")).toBeNull();
    expect((await call(reader, "GET", `${PLATFORM}/issues`)).status).toBe(200);
    expect(await refusal(gitlab(reader).Issues.create("acme/platform", "x"))).toEqual({ status: 403, description: "insufficient_scope" });
  });

  it("shows a token its one project, with its role", async () => {
    const token = tokenFor("acme/platform");
    const project = await gitlab(token).Projects.show("acme/platform");
    expect(project).toMatchObject({
      path_with_namespace: "acme/platform",
      web_url: `${fake.url}/acme/platform`,
      visibility: "private",
      issues_enabled: true,
      issues_access_level: "enabled",
      permissions: { project_access: { access_level: 20 } },
    });
    expect(await gitlab(token).Projects.show(project.id)).toMatchObject({ id: project.id });
    const mine = await gitlab(token).Projects.all({ membership: true });
    expect(mine.map((p) => p.path_with_namespace)).toEqual(["acme/platform"]);
  });

  it("tells any live token, of any scope, its own scopes at /personal_access_tokens/self", async () => {
    const readOnly = tokenFor("acme/platform", { scopes: ["read_api"] });
    expect(await gitlab(readOnly).PersonalAccessTokens.show()).toMatchObject({ scopes: ["read_api"], active: true, revoked: false });
    const repositoryOnly = tokenFor("acme/platform", { scopes: ["read_repository"] });
    expect(await answer(call(repositoryOnly, "GET", "/personal_access_tokens/self"))).toMatchObject({
      status: 200,
      body: { scopes: ["read_repository"] },
    });
    expect(await answer(call(undefined, "GET", "/personal_access_tokens/self"))).toMatchObject({
      status: 401,
      body: { message: "401 Unauthorized" },
    });
    fake.revokeToken(readOnly);
    expect(await answer(call(readOnly, "GET", "/personal_access_tokens/self"))).toMatchObject({
      status: 401,
      body: { error: "invalid_token" },
    });
  });
});

describe("fake GitLab: what a project's caller may reach", () => {
  it("answers 404 for a project the token cannot see, an unknown issue and an unknown route", async () => {
    const token = tokenFor("acme/platform");
    const projectNotFound = { status: 404, body: { message: "404 Project Not Found" } };
    expect(await answer(call(token, "GET", "/projects/acme%2Fother"))).toMatchObject(projectNotFound);
    expect(await answer(call(token, "POST", "/projects/acme%2Fother/issues", { title: "x" }))).toMatchObject(projectNotFound);
    expect(await answer(call(token, "GET", "/projects/acme%2Fmissing"))).toMatchObject(projectNotFound);
    // A public project is readable by any token, without a role in it.
    const publicLib = await answer(call(token, "GET", "/projects/oss%2Fpublic-lib"));
    expect(publicLib.body).toMatchObject({ permissions: { project_access: null } });
    // The issue endpoints' record lookup and the notes' named lookup word their 404s differently.
    expect(await answer(call(token, "GET", `${PLATFORM}/issues/999`))).toMatchObject({ status: 404, body: { message: "404 Not found" } });
    expect(await answer(call(token, "PUT", `${PLATFORM}/issues/999`, { title: "y" }))).toMatchObject({
      status: 404,
      body: { message: "404 Not found" },
    });
    expect(await answer(call(token, "POST", `${PLATFORM}/issues/999/notes`, { body: "y" }))).toMatchObject({
      status: 404,
      body: { message: "404 Issue Not Found" },
    });
    const route = { status: 404, body: { error: "404 Not Found" } };
    expect(await answer(call(token, "GET", "/nothing-here"))).toMatchObject(route);
    expect(await answer(call(token, "GET", "/projects/acme/platform"))).toMatchObject(route);
    expect(await answer(call(token, "PATCH", `${PLATFORM}/issues/1`, { title: "y" }))).toMatchObject(route);
  });

  it("lets a Guest open issues but edit only its own; a Reporter edits anyone's", async () => {
    const guest = tokenFor("acme/platform", { accessLevel: 10 });
    const reporter = tokenFor("acme/platform");
    const theirs = await gitlab(reporter).Issues.create("acme/platform", "Filed by the reporter");
    const own = await gitlab(guest).Issues.create("acme/platform", "Filed by the guest");
    expect(await answer(call(guest, "PUT", `${PLATFORM}/issues/${theirs.iid}`, { state_event: "close" }))).toMatchObject({
      status: 403,
      body: { message: "403 Forbidden" },
    });
    expect(await gitlab(guest).Issues.edit("acme/platform", own.iid, { stateEvent: "close" })).toMatchObject({ state: "closed" });
    expect(await gitlab(reporter).Issues.edit("acme/platform", theirs.iid, { stateEvent: "close" })).toMatchObject({ state: "closed" });
  });

  it("refuses issues in a project with issues off (403), lists none, and says so on the project", async () => {
    const token = tokenFor("acme/no-issues");
    const project = await gitlab(token).Projects.show("acme/no-issues");
    expect(project).toMatchObject({ issues_enabled: false, issues_access_level: "disabled" });
    expect(project).not.toHaveProperty("open_issues_count");
    expect(await answer(call(token, "POST", "/projects/acme%2Fno-issues/issues", { title: "x" }))).toMatchObject({
      status: 403,
      body: { message: "403 Forbidden" },
    });
    const list = await answer(call(token, "GET", "/projects/acme%2Fno-issues/issues"));
    expect(list).toMatchObject({ status: 200, body: [] });
    expect(list.headers.get("x-total")).toBe("0");
  });
});

describe("fake GitLab: issues and notes", () => {
  it("creates, reads, searches, edits, closes, reopens and comments through gitbeaker", async () => {
    const api = gitlab(tokenFor("acme/platform"));
    const created = await api.Issues.create("acme/platform", "SQL injection in /search", {
      description: "Details\n\n<!-- finding:f-123 -->",
      labels: "security,severity::high",
    });
    expect(created).toMatchObject({
      project_id: expect.any(Number),
      title: "SQL injection in /search",
      state: "opened",
      labels: ["security", "severity::high"],
      web_url: `${fake.url}/acme/platform/-/issues/${created.iid}`,
      author: { username: expect.stringMatching(/^project_\d+_bot_[0-9a-f]{32}$/) },
      closed_at: null,
      closed_by: null,
    });
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await api.Issues.show(created.iid, { projectId: "acme/platform" })).toMatchObject({ id: created.id, iid: created.iid });

    const found = await api.Issues.all({ projectId: "acme/platform", search: "finding:f-123", in: "description" });
    expect(found.map((i) => i.iid)).toEqual([created.iid]);
    expect(await api.Issues.all({ projectId: "acme/platform", search: "finding:f-123", in: "title" })).toEqual([]);

    const edited = await api.Issues.edit("acme/platform", created.iid, {
      title: "SQL injection in /search (confirmed)",
      labels: "security",
    });
    expect(edited).toMatchObject({ title: "SQL injection in /search (confirmed)", labels: ["security"] });
    const closed = await api.Issues.edit("acme/platform", created.iid, { stateEvent: "close" });
    expect(closed).toMatchObject({ state: "closed", closed_at: expect.any(String), closed_by: { username: created.author.username } });
    expect(await api.Issues.all({ projectId: "acme/platform", state: "opened", search: "finding:f-123" })).toEqual([]);
    expect(await api.Issues.edit("acme/platform", created.iid, { stateEvent: "reopen" })).toMatchObject({
      state: "opened",
      closed_at: null,
    });

    const note = await api.IssueNotes.create("acme/platform", created.iid, "Retested: fixed.");
    expect(note).toMatchObject({ body: "Retested: fixed.", system: false, noteable_type: "Issue", noteable_iid: created.iid });
    expect(await api.Issues.show(created.iid, { projectId: "acme/platform" })).toMatchObject({ user_notes_count: 1 });
    expect(fake.notes("acme/platform", created.iid).map((n) => n.body)).toEqual(["Retested: fixed."]);
  });

  it("takes a form-encoded body and parameters in the query string, as GitLab's docs send them", async () => {
    const token = tokenFor("acme/platform");
    const form = await answer(
      call(token, "POST", `${PLATFORM}/issues`, "title=From+a+form&labels[]=b&labels[]=a", {
        "content-type": "application/x-www-form-urlencoded",
      }),
    );
    expect(form).toMatchObject({ status: 201, body: { title: "From a form", labels: ["a", "b"] } });
    expect(await answer(call(token, "POST", `${PLATFORM}/issues?title=From%20the%20query&labels=q`))).toMatchObject({
      status: 201,
      body: { title: "From the query", labels: ["q"] },
    });
  });

  it("refuses bad parameters with GitLab's 400s", async () => {
    const token = tokenFor("acme/platform");
    const issues = `${PLATFORM}/issues`;
    expect(await answer(call(token, "POST", issues, { description: "no title" }))).toMatchObject({
      status: 400,
      body: { error: "title is missing" },
    });
    // Grape checks parameters before the project is looked up.
    expect(await answer(call(token, "POST", "/projects/acme%2Fmissing/issues", {}))).toMatchObject({
      status: 400,
      body: { error: "title is missing" },
    });
    expect(await answer(call(token, "POST", issues, { title: "x".repeat(256) }))).toMatchObject({
      status: 400,
      body: { message: { title: ["is too long (maximum is 255 characters)"] } },
    });
    expect(await answer(call(token, "POST", issues, { title: "   " }))).toMatchObject({
      status: 400,
      body: { message: { title: ["can't be blank"] } },
    });
    const notJson = await answer(call(token, "POST", issues, "{not json"));
    expect(notJson.status).toBe(400);
    expect((notJson.body as { error: string }).error).toContain("message body does not match declared format");

    const { iid } = await gitlab(token).Issues.create("acme/platform", "To be edited");
    expect(await answer(call(token, "PUT", `${issues}/${iid}`, { state_event: "shut" }))).toMatchObject({
      status: 400,
      body: { error: "state_event does not have a valid value" },
    });
    const nothing = await answer(call(token, "PUT", `${issues}/${iid}`, {}));
    expect(nothing.status).toBe(400);
    expect((nothing.body as { error: string }).error).toMatch(/are missing, at least one parameter must be provided$/);
    expect(await answer(call(token, "GET", `${issues}?state=shut`))).toMatchObject({
      status: 400,
      body: { error: "state does not have a valid value" },
    });
    expect(await answer(call(token, "POST", `${issues}/${iid}/notes`, {}))).toMatchObject({
      status: 400,
      body: { error: "body is missing" },
    });
    expect(await answer(call(token, "POST", `${issues}/${iid}/notes`, { body: " " }))).toMatchObject({
      status: 400,
      body: { message: `400 Bad request - Note {:note=>["can't be blank"]}` },
    });
  });
});

describe("fake GitLab: pagination", () => {
  it("pages with page and per_page (at most 100), X-* headers and a Link header", async () => {
    fake.addProject({ namespace: "acme", name: "paged" });
    const token = tokenFor("acme/paged");
    for (let n = 1; n <= 5; n += 1)
      expect((await call(token, "POST", "/projects/acme%2Fpaged/issues", { title: `Issue ${n}` })).status).toBe(201);
    const base = `${fake.url}/api/v4/projects/acme%2Fpaged/issues`;
    const first = await answer(call(token, "GET", "/projects/acme%2Fpaged/issues?per_page=2"));
    expect((first.body as { iid: number }[]).map((i) => i.iid)).toEqual([5, 4]);
    const headers = (r: { headers: Headers }) =>
      Object.fromEntries(
        ["x-total", "x-total-pages", "x-page", "x-per-page", "x-next-page", "x-prev-page"].map((h) => [h, r.headers.get(h)]),
      );
    expect(headers(first)).toEqual({
      "x-total": "5",
      "x-total-pages": "3",
      "x-page": "1",
      "x-per-page": "2",
      "x-next-page": "2",
      "x-prev-page": "",
    });
    expect(first.headers.get("link")).toBe(
      `<${base}?page=2&per_page=2>; rel="next", <${base}?page=1&per_page=2>; rel="first", <${base}?page=3&per_page=2>; rel="last"`,
    );
    const last = await answer(call(token, "GET", "/projects/acme%2Fpaged/issues?per_page=2&page=3&sort=asc"));
    expect((last.body as { iid: number }[]).map((i) => i.iid)).toEqual([5]);
    expect(headers(last)).toMatchObject({ "x-page": "3", "x-next-page": "", "x-prev-page": "2" });
    expect(last.headers.get("link")).toContain(`<${base}?page=2&per_page=2&sort=asc>; rel="prev"`);
    expect((await call(token, "GET", "/projects/acme%2Fpaged/issues?per_page=500")).headers.get("x-per-page")).toBe("100");
    expect(await answer(call(token, "GET", "/projects/acme%2Fpaged/issues?page=two"))).toMatchObject({
      status: 400,
      body: { error: "page is invalid" },
    });
    // gitbeaker follows the Link header to the end.
    const all = await gitlab(token).Issues.all({ projectId: "acme/paged", perPage: 2 });
    expect(all.map((i) => i.iid)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe("fake GitLab: rate limit", () => {
  it("answers 429 Retry later past the limit with GitLab's headers, until the minute ends", async () => {
    // At the start of a fresh minute on the fake's clock, so the requests below share one.
    skew += 60_000 - ((Date.now() + skew) % 60_000) + 200;
    const token = fake.issueToken({ project: "acme/platform", rateLimit: 3 });
    for (let n = 0; n < 3; n += 1) expect((await call(token, "GET", PLATFORM)).status).toBe(200);
    const refused = await call(token, "GET", PLATFORM);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("text/plain");
    expect(await refused.text()).toBe("Retry later\n");
    const retryAfter = Number(refused.headers.get("retry-after"));
    const reset = Number(refused.headers.get("ratelimit-reset"));
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(reset % 60).toBe(0);
    expect(
      Object.fromEntries(["limit", "observed", "remaining", "resettime"].map((h) => [h, refused.headers.get(`ratelimit-${h}`)])),
    ).toEqual({
      limit: "3",
      observed: "4",
      remaining: "0",
      resettime: new Date(reset * 1000).toUTCString(),
    });
    // Refused again, and even a token check or an unknown route is refused first; the wait does not grow.
    const again = await call(token, "GET", "/nothing-here");
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("ratelimit-reset"))).toBe(reset);
    skew += retryAfter * 1000;
    expect((await call(token, "GET", PLATFORM)).status).toBe(200);
  });
});

describe("fake GitLab: Issue Hooks", () => {
  type Received = { headers: http.IncomingHttpHeaders; raw: string };
  let receiver: http.Server;
  let receiverUrl: string;
  const received: Received[] = [];
  const SECRET = "gl-hook-secret";

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/gitlab/webhook`;
    fake.addProject({ namespace: "acme", name: "hooked" });
    fake.addWebhook("acme/hooked", { url: receiverUrl, token: SECRET });
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  /** What a receiver does: the X-Gitlab-Token header against the secret, in constant time. */
  const carriesSecret = (delivery: Received) => {
    const got = Buffer.from(String(delivery.headers["x-gitlab-token"] ?? ""));
    const expected = Buffer.from(SECRET);
    return got.length === expected.length && timingSafeEqual(got, expected);
  };
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("echoes the API's own writes, as the token's bot", async () => {
    const api = gitlab(tokenFor("acme/hooked"));
    received.length = 0;
    const issue = await api.Issues.create("acme/hooked", "XSS in profile", { labels: "security" });
    await fake.flushDeliveries();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.raw)).toMatchObject({
      object_kind: "issue",
      event_type: "issue",
      user: { username: issue.author.username },
      object_attributes: { iid: issue.iid, action: "open", state: "opened" },
      labels: [{ title: "security", type: "ProjectLabel" }],
      changes: { title: { previous: null, current: "XSS in profile" } },
    });
    received.length = 0;
    await api.Issues.edit("acme/hooked", issue.iid, { title: "Stored XSS in profile" });
    await fake.flushDeliveries();
    expect(JSON.parse(received[0]!.raw)).toMatchObject({
      object_attributes: { action: "update" },
      changes: { title: { previous: "XSS in profile", current: "Stored XSS in profile" } },
    });
    received.length = 0;
    await api.Issues.edit("acme/hooked", issue.iid, { stateEvent: "close" });
    await fake.flushDeliveries();
    expect(received.map((r) => (JSON.parse(r.raw) as { object_attributes: { action: string } }).object_attributes.action)).toEqual([
      "close",
    ]);
  });

  it("sends a person's close and reopen with the hook's secret token and GitLab's headers", async () => {
    const api = gitlab(tokenFor("acme/hooked"));
    const issue = await api.Issues.create("acme/hooked", "Open redirect", { description: "On /login?next=" });
    await fake.flushDeliveries();
    received.length = 0;

    const deliveries = await fake.closeIssue("acme/hooked", issue.iid);
    expect(deliveries).toMatchObject([{ event: "Issue Hook", action: "close", status: 200, forged: false }]);
    expect(received).toHaveLength(1);
    const delivery = received[0]!;
    expect(carriesSecret(delivery)).toBe(true);
    expect(delivery.headers).toMatchObject({
      "content-type": "application/json",
      "x-gitlab-event": "Issue Hook",
      "x-gitlab-instance": fake.url,
      "x-gitlab-event-uuid": expect.stringMatching(UUID),
      "x-gitlab-webhook-uuid": expect.stringMatching(UUID),
      "idempotency-key": expect.stringMatching(UUID),
      "user-agent": expect.stringMatching(/^GitLab\//),
    });
    const body = JSON.parse(delivery.raw) as Record<string, unknown>;
    expect(body).toMatchObject({
      object_kind: "issue",
      event_type: "issue",
      user: { username: "fake-maintainer" },
      project: { id: issue.project_id, path_with_namespace: "acme/hooked", web_url: `${fake.url}/acme/hooked` },
      object_attributes: {
        id: issue.id,
        iid: issue.iid,
        title: "Open redirect",
        description: "On /login?next=",
        state: "closed",
        action: "close",
        url: issue.web_url,
        closed_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/),
      },
      changes: { state_id: { previous: 1, current: 2 } },
    });
    expect(fake.issues("acme/hooked").find((i) => i.iid === issue.iid)).toMatchObject({
      state: "closed",
      closed_by: { username: "fake-maintainer" },
    });

    received.length = 0;
    await fake.reopenIssue("acme/hooked", issue.iid);
    expect(JSON.parse(received[0]!.raw)).toMatchObject({ object_attributes: { action: "reopen", state: "opened", closed_at: null } });
    expect(carriesSecret(received[0]!)).toBe(true);
  });

  it("sends a forged delivery with another token", async () => {
    const { iid } = fake.issues("acme/hooked")[0]!;
    received.length = 0;
    const deliveries = await fake.forgeDelivery("acme/hooked", iid);
    expect(deliveries).toMatchObject([{ forged: true }]);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers["x-gitlab-token"]).toEqual(expect.any(String));
    expect(carriesSecret(received[0]!)).toBe(false);
  });

  it("opens the issue's web_url as a page whose Close button acts as fake-maintainer", async () => {
    const issue = await gitlab(tokenFor("acme/hooked")).Issues.create("acme/hooked", "Weak TLS ciphers");
    await fake.flushDeliveries();
    const page = await fetch(issue.web_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Weak TLS ciphers");
    received.length = 0;
    const closed = await fetch(`${issue.web_url}/state`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "do=close",
      redirect: "manual",
    });
    expect(closed.status).toBe(303);
    await fake.flushDeliveries();
    expect(JSON.parse(received[0]!.raw)).toMatchObject({ user: { username: "fake-maintainer" }, object_attributes: { action: "close" } });
  });
});
