// The fake GitHub keeps the rules of GitHub's REST API and webhooks the product will rely on
// (tools/fake-github/README.md): the API version, Bad credentials, a fine-grained token's
// permissions (403) and repositories (404), 422 and 410 on creating an issue, pagination with its
// Link header, the rate-limit headers with the primary and secondary limits, and `issues` webhooks
// signed with the hook's secret (a forged one is not). Plain HTTP on a random port, no app code.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGitHub, startFakeGitHub } from "../../tools/fake-github/server";

let fake: FakeGitHub;
let skew = 0;
beforeAll(async () => {
  fake = await startFakeGitHub({ now: () => Date.now() + skew, secondaryRateLimit: { perMinute: 5, status: 429 } });
  fake.addRepo({ owner: "acme", name: "webapp" });
  fake.addRepo({ owner: "acme", name: "other" });
  fake.addRepo({ owner: "acme", name: "no-issues", issues: false });
});
afterAll(() => fake.close());

function call(token: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${fake.url}${path}`, {
    method,
    headers: {
      accept: "application/vnd.github+json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function answer(response: Promise<Response>) {
  const r = await response;
  return { status: r.status, body: (await r.json()) as Record<string, unknown>, headers: r.headers };
}

const writer = () => fake.issueToken({ kind: "fine-grained", repos: ["acme/webapp", "acme/no-issues"], permissions: { issues: "write" } });

describe("fake GitHub: version and authentication", () => {
  it("takes version 2022-11-28 or none, and refuses an unknown one with 400", async () => {
    const token = writer();
    expect((await call(token, "GET", "/user")).status).toBe(200);
    const pinned = await call(token, "GET", "/user", undefined, { "x-github-api-version": "2022-11-28" });
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get("x-github-api-version-selected")).toBe("2022-11-28");
    const refused = await answer(call(token, "GET", "/user", undefined, { "x-github-api-version": "2021-01-01" }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('"2021-01-01", is not a supported version');
  });

  it("answers an unknown or revoked token 401 Bad credentials, and takes both Bearer and token schemes", async () => {
    const badCredentials = { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" };
    expect(await answer(call("ghp_unknown0000000000000000000000000000", "GET", "/user"))).toMatchObject({
      status: 401,
      body: badCredentials,
    });
    const token = fake.issueToken({ kind: "classic", scopes: ["repo"], login: "octo-dev" });
    const me = await answer(call(undefined, "GET", "/user", undefined, { authorization: `token ${token}` }));
    expect(me).toMatchObject({ status: 200, body: { login: "octo-dev", type: "User" } });
    expect(me.headers.get("x-oauth-scopes")).toBe("repo");
    fake.revokeToken(token);
    const revoked = await answer(call(token, "GET", "/user"));
    expect(revoked).toMatchObject({ status: 401, body: badCredentials });
    expect(revoked.body).toEqual(badCredentials);
    expect((await answer(call(undefined, "GET", "/user"))).body.message).toBe("Requires authentication");
  });

  it("keeps an installation token to its repositories and off the user endpoints", async () => {
    const token = fake.issueToken({ kind: "installation", repos: ["acme/webapp"], permissions: { issues: "write" } });
    expect(token).toMatch(/^ghs_/);
    expect(await answer(call(token, "GET", "/user"))).toMatchObject({
      status: 403,
      body: { message: "Resource not accessible by integration" },
    });
    const listed = await answer(call(token, "GET", "/installation/repositories"));
    expect(listed).toMatchObject({ status: 200, body: { total_count: 1, repository_selection: "selected" } });
    expect((listed.body.repositories as { full_name: string }[]).map((r) => r.full_name)).toEqual(["acme/webapp"]);
    const created = await answer(call(token, "POST", "/repos/acme/webapp/issues", { title: "From the app" }));
    expect(created).toMatchObject({ status: 201, body: { user: { login: "fake-app[bot]", type: "Bot" } } });
  });

  it("issues a token of a value given in advance (a demo's), in its kind's format and only once", async () => {
    const fixed = "github_pat_demo_fixed_value_for_a_test";
    expect(fake.issueToken({ kind: "fine-grained", repos: ["acme/webapp"], permissions: { issues: "write" }, token: fixed })).toBe(fixed);
    expect((await call(fixed, "POST", "/repos/acme/webapp/issues", { title: "With the demo token" })).status).toBe(201);
    expect(() => fake.issueToken({ kind: "fine-grained", token: fixed })).toThrow(/exists already/);
    expect(() => fake.issueToken({ kind: "installation", token: "github_pat_not_an_installation" })).toThrow(/starts with ghs_/);
  });
});

describe("fake GitHub: a fine-grained token's permissions and repositories", () => {
  it("answers a write without issues: write 403, naming the permission", async () => {
    const reader = fake.issueToken({ kind: "fine-grained", repos: ["acme/webapp"], permissions: { issues: "read" } });
    const refused = await answer(call(reader, "POST", "/repos/acme/webapp/issues", { title: "x" }));
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Resource not accessible by personal access token", status: "403" },
    });
    expect(refused.headers.get("x-accepted-github-permissions")).toBe("issues=write");
    // Reading is what it was granted.
    expect((await call(reader, "GET", "/repos/acme/webapp")).status).toBe(200);
    const metadataOnly = fake.issueToken({ kind: "fine-grained", repos: ["acme/webapp"] });
    expect((await call(metadataOnly, "GET", "/repos/acme/webapp")).status).toBe(200);
    expect((await answer(call(metadataOnly, "POST", "/repos/acme/webapp/issues", { title: "x" }))).status).toBe(403);
  });

  it("answers a repository the token was not granted 404, like a missing one", async () => {
    const token = writer();
    const notFound = { message: "Not Found", status: "404" };
    expect(await answer(call(token, "GET", "/repos/acme/other"))).toMatchObject({ status: 404, body: notFound });
    expect(await answer(call(token, "POST", "/repos/acme/other/issues", { title: "x" }))).toMatchObject({ status: 404, body: notFound });
    expect(await answer(call(token, "GET", "/repos/acme/missing"))).toMatchObject({ status: 404, body: notFound });
    const mine = await answer(call(token, "GET", "/user/repos"));
    expect((mine.body as unknown as { full_name: string }[]).map((r) => r.full_name)).toEqual(["acme/no-issues", "acme/webapp"]);
  });
});

describe("fake GitHub: issues", () => {
  it("refuses an issue without a title with 422 Validation Failed", async () => {
    const refused = await answer(call(writer(), "POST", "/repos/acme/webapp/issues", { body: "no title" }));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: "Validation Failed",
      errors: [{ resource: "Issue", code: "missing_field", field: "title" }],
      documentation_url: "https://docs.github.com/rest/issues/issues#create-an-issue",
      status: "422",
    });
    expect((await answer(call(writer(), "POST", "/repos/acme/webapp/issues", { title: "   " }))).status).toBe(422);
  });

  it("answers 410 Gone when the repository has issues turned off", async () => {
    expect(await answer(call(writer(), "POST", "/repos/acme/no-issues/issues", { title: "x" }))).toMatchObject({
      status: 410,
      body: { message: "Issues are disabled for this repo", status: "410" },
    });
  });

  it("creates, reads, closes and comments on an issue in GitHub's shapes", async () => {
    const token = writer();
    const created = await answer(
      call(token, "POST", "/repos/acme/webapp/issues", { title: "SQL injection in /search", body: "Details", labels: ["security"] }),
    );
    expect(created.status).toBe(201);
    const number = created.body.number as number;
    expect(created.body).toMatchObject({
      title: "SQL injection in /search",
      state: "open",
      state_reason: null,
      html_url: `${fake.url}/acme/webapp/issues/${number}`,
      labels: [{ name: "security" }],
    });
    expect(created.headers.get("location")).toBe(`${fake.url}/repos/acme/webapp/issues/${number}`);
    expect((await answer(call(token, "GET", `/repos/acme/webapp/issues/${number}`))).body.title).toBe("SQL injection in /search");
    const closed = await answer(
      call(token, "PATCH", `/repos/acme/webapp/issues/${number}`, { state: "closed", state_reason: "not_planned" }),
    );
    expect(closed.body).toMatchObject({ state: "closed", state_reason: "not_planned", closed_at: expect.any(String) });
    const comment = await answer(call(token, "POST", `/repos/acme/webapp/issues/${number}/comments`, { body: "Retested: fixed." }));
    expect(comment).toMatchObject({ status: 201, body: { body: "Retested: fixed." } });
    expect((await answer(call(token, "GET", `/repos/acme/webapp/issues/${number}`))).body.comments).toBe(1);
    expect((await answer(call(token, "PATCH", `/repos/acme/webapp/issues/${number}`, { state: "shut" }))).status).toBe(422);
    // The html_url opens a page on the fake.
    const page = await fetch(created.body.html_url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("SQL injection in /search");
  });
});

describe("fake GitHub: pagination", () => {
  it("pages with per_page (at most 100) and a Link header in GitHub's form", async () => {
    for (let n = 1; n <= 5; n += 1) fake.addRepo({ owner: "paged", name: `repo-${n}` });
    const token = fake.issueToken({ kind: "installation", repos: [1, 2, 3, 4, 5].map((n) => `paged/repo-${n}`) });
    const first = await answer(call(token, "GET", "/installation/repositories?per_page=2"));
    expect(first.body.total_count).toBe(5);
    expect((first.body.repositories as unknown[]).length).toBe(2);
    const base = `${fake.url}/installation/repositories`;
    expect(first.headers.get("link")).toBe(`<${base}?per_page=2&page=2>; rel="next", <${base}?per_page=2&page=3>; rel="last"`);
    const last = await answer(call(token, "GET", "/installation/repositories?per_page=2&page=3"));
    expect((last.body.repositories as { full_name: string }[]).map((r) => r.full_name)).toEqual(["paged/repo-5"]);
    expect(last.headers.get("link")).toBe(`<${base}?per_page=2&page=2>; rel="prev", <${base}?per_page=2&page=1>; rel="first"`);
    // More than 100 is cut to 100, and everything on one page needs no Link header.
    const all = await answer(call(token, "GET", "/installation/repositories?per_page=500"));
    expect((all.body.repositories as unknown[]).length).toBe(5);
    expect(all.headers.get("link")).toBeNull();
  });
});

describe("fake GitHub: rate limits", () => {
  it("sends the x-ratelimit-* headers on every answer, counting each request", async () => {
    const token = writer();
    const first = await call(token, "GET", "/user");
    expect(Object.fromEntries(["limit", "remaining", "used", "resource"].map((h) => [h, first.headers.get(`x-ratelimit-${h}`)]))).toEqual({
      limit: "5000",
      remaining: "4999",
      used: "1",
      resource: "core",
    });
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThan((Date.now() + skew) / 1000);
    expect(reset).toBeLessThanOrEqual((Date.now() + skew) / 1000 + 3601);
    const refused = await call(token, "GET", "/repos/acme/other");
    expect(refused.status).toBe(404);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("4998");
  });

  it("refuses past the primary limit with 403 and remaining 0, until the window resets", async () => {
    const token = fake.issueToken({ kind: "fine-grained", repos: ["acme/webapp"], rateLimit: 3 });
    for (let n = 0; n < 3; n += 1) expect((await call(token, "GET", "/repos/acme/webapp")).status).toBe(200);
    const refused = await answer(call(token, "GET", "/repos/acme/webapp"));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^API rate limit exceeded for user ID \d+\./);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    const reset = Number(refused.headers.get("x-ratelimit-reset"));
    skew += (reset + 1) * 1000 - (Date.now() + skew);
    const again = await call(token, "GET", "/repos/acme/webapp");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-ratelimit-remaining")).toBe("2");
  });

  it("refuses content creation past the secondary limit with retry-after", async () => {
    const token = writer();
    for (let n = 0; n < 5; n += 1)
      expect((await call(token, "POST", "/repos/acme/webapp/issues", { title: `Burst ${n}` })).status).toBe(201);
    const refused = await answer(call(token, "POST", "/repos/acme/webapp/issues", { title: "One too many" }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/secondary rate limit/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Reads are not content creation.
    expect((await call(token, "GET", "/repos/acme/webapp")).status).toBe(200);
    skew += retryAfter * 1000;
    expect((await call(token, "POST", "/repos/acme/webapp/issues", { title: "After waiting" })).status).toBe(201);
  });
});

describe("fake GitHub: issues webhooks", () => {
  type Received = { headers: http.IncomingHttpHeaders; raw: string };
  let receiver: http.Server;
  let receiverUrl: string;
  const received: Received[] = [];
  const SECRET = "whsec-test-secret";

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/github/webhook`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  /** What a receiver does: the HMAC of the raw body under the secret, compared in constant time. */
  const signedWith = (delivery: Received, secret: string) => {
    const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(delivery.raw).digest("hex")}`);
    const got = Buffer.from(String(delivery.headers["x-hub-signature-256"]));
    return got.length === expected.length && timingSafeEqual(got, expected);
  };

  it("sends a correctly signed issues event when a person closes an issue, and closes it", async () => {
    fake.addRepo({ owner: "acme", name: "hooked" });
    fake.addWebhook("acme/hooked", { url: receiverUrl, secret: SECRET });
    const token = fake.issueToken({ kind: "fine-grained", repos: ["acme/hooked"], permissions: { issues: "write" } });
    const created = await answer(call(token, "POST", "/repos/acme/hooked/issues", { title: "XSS in profile" }));
    const number = created.body.number as number;
    await fake.flushDeliveries();
    received.length = 0;

    const deliveries = await fake.closeIssue("acme/hooked", number, "completed");
    expect(deliveries).toMatchObject([{ event: "issues", action: "closed", status: 204, forged: false }]);
    expect(received).toHaveLength(1);
    const delivery = received[0]!;
    expect(delivery.headers["x-github-event"]).toBe("issues");
    expect(delivery.headers["x-github-delivery"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(delivery.headers["user-agent"]).toMatch(/^GitHub-Hookshot\//);
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(signedWith(delivery, SECRET)).toBe(true);
    expect(JSON.parse(delivery.raw)).toMatchObject({
      action: "closed",
      issue: {
        number,
        state: "closed",
        state_reason: "completed",
        title: "XSS in profile",
        html_url: `${fake.url}/acme/hooked/issues/${number}`,
      },
      repository: { full_name: "acme/hooked" },
      sender: { login: "fake-maintainer" },
    });
    expect(fake.issues("acme/hooked").find((i) => i.number === number)).toMatchObject({ state: "closed", state_reason: "completed" });

    received.length = 0;
    await fake.reopenIssue("acme/hooked", number);
    expect(JSON.parse(received[0]!.raw)).toMatchObject({ action: "reopened", issue: { state: "open", state_reason: "reopened" } });
    expect(signedWith(received[0]!, SECRET)).toBe(true);
  });

  it("sends a forged delivery whose signature does not match the secret", async () => {
    const number = fake.issues("acme/hooked")[0]!.number;
    received.length = 0;
    const deliveries = await fake.forgeDelivery("acme/hooked", number);
    expect(deliveries).toMatchObject([{ forged: true }]);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers["x-hub-signature-256"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signedWith(received[0]!, SECRET)).toBe(false);
  });
});
