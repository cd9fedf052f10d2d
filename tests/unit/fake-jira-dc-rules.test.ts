// The fake Jira's Data Center surface (tools/fake-jira/README.md): REST API v2 for personal access
// tokens sent as Bearer (and only there; a Cloud API token or Basic proves nothing on v2, a PAT
// nothing on v3), the REST layer's JSON 401, permissions per project as on Cloud, descriptions and
// comments as text (an Atlassian Document is Jira's 400 per field), the old `/search` with a total,
// the unpaged project list, 404s in Jira's words, and the control route that issues a PAT.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../../tools/fake-jira/server";

let fake: FakeJira;
let pat: string;
let apiToken: string;
beforeAll(async () => {
  fake = await startFakeJira({ rateLimit: 10_000 });
  fake.addProject({ key: "SEC", name: "Acme Security" });
  fake.addProject({ key: "HR", name: "People" });
  ({ pat = "", apiToken } = fake.addUser({ email: "owner@acme.example", pat: true }));
});
afterAll(() => fake.close());

let people = 0;
/** Another user with a personal access token, holding only the permissions given on SEC. */
function person(permissions: string[]): string {
  const email = `dc-person${++people}@acme.example`;
  return fake.addUser({ email, permissions: { SEC: permissions }, pat: true }).pat!;
}

async function v2(token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${fake.url}/rest/api/2${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const raw = await r.text();
  return {
    status: r.status,
    headers: r.headers,
    body: (r.headers.get("content-type") ?? "").includes("json") ? (JSON.parse(raw) as unknown) : raw,
  };
}
const doc = { type: "doc", version: 1, content: [{ type: "paragraph", content: [{ type: "text", text: "d" }] }] };
const create = (token: string, fields: Record<string, unknown> = {}) =>
  v2(token, "POST", "/issue", {
    fields: { project: { key: "SEC" }, issuetype: { name: "Task" }, summary: "S", description: "h2. Found\n\n*bold*", ...fields },
  });
const keyOf = (created: { body: unknown }) => (created.body as { key: string }).key;

describe("fake Jira Data Center: personal access tokens", () => {
  it("takes a PAT as Bearer on REST API v2 only; a wrong, revoked or Cloud credential is the REST layer's JSON 401", async () => {
    expect(await v2(pat, "GET", "/myself")).toMatchObject({ status: 200, body: { emailAddress: "owner@acme.example" } });
    const refused = { status: 401, body: { message: "Client must be authenticated to access this resource.", "status-code": 401 } };
    expect(await v2("not-a-pat", "GET", "/project/SEC")).toMatchObject(refused);
    expect((await v2("not-a-pat", "GET", "/project/SEC")).headers.get("x-seraph-loginreason")).toBe("AUTHENTICATED_FAILED");
    expect(await v2(apiToken, "GET", "/project/SEC")).toMatchObject(refused);
    const basic = `Basic ${Buffer.from(`owner@acme.example:${apiToken}`).toString("base64")}`;
    expect(await v2(null, "GET", "/project/SEC", undefined, { authorization: basic })).toMatchObject(refused);
    // A PAT on Jira Cloud's v3: its plain-text 401.
    const onV3 = await fetch(`${fake.url}/rest/api/3/project/SEC`, { headers: { authorization: `Bearer ${pat}` } });
    expect(onV3.status).toBe(401);
    expect(await onV3.text()).toBe("Client must be authenticated to access this resource.");
    const revoked = fake.issuePat("owner@acme.example");
    expect((await v2(revoked, "GET", "/project/SEC")).status).toBe(200);
    fake.revokeToken(revoked);
    expect(await v2(revoked, "GET", "/project/SEC")).toMatchObject(refused);
  });

  it("answers no credential as an anonymous visitor: no project, 401 for the user and any write", async () => {
    expect(await v2(null, "GET", "/project")).toMatchObject({ status: 200, body: [] });
    expect(await v2(null, "GET", "/project/SEC")).toMatchObject({
      status: 404,
      body: { errorMessages: ["No project could be found with key 'SEC'."], errors: {} },
    });
    expect((await v2(null, "GET", "/myself")).status).toBe(401);
    expect((await v2(null, "POST", "/issue", { fields: {} })).status).toBe(401);
  });
});

describe("fake Jira Data Center: projects and permissions", () => {
  it("lists the projects the user may browse, unpaged, by key, with v2's links", async () => {
    const all = await v2(pat, "GET", "/project");
    expect((all.body as { key: string; self: string }[]).map((p) => p.key)).toEqual(["HR", "SEC"]);
    expect((all.body as { self: string }[])[0]!.self).toMatch(new RegExp(`^${fake.url}/rest/api/2/project/`));
    expect((await v2(person(["BROWSE_PROJECTS"]), "GET", "/project")).body).toMatchObject([{ key: "SEC" }]);
  });

  it("answers mypermissions per project as on Cloud; a project the user cannot browse is Jira's 404", async () => {
    const viewer = person(["BROWSE_PROJECTS"]);
    const granted = await v2(viewer, "GET", "/mypermissions?projectKey=SEC&permissions=BROWSE_PROJECTS,CREATE_ISSUES");
    expect(granted.body).toMatchObject({
      permissions: { BROWSE_PROJECTS: { havePermission: true }, CREATE_ISSUES: { havePermission: false } },
    });
    expect(await v2(viewer, "GET", "/mypermissions?projectKey=HR&permissions=BROWSE_PROJECTS")).toMatchObject({
      status: 404,
      body: { errorMessages: ["No project could be found with key 'HR'."] },
    });
    expect((await v2(viewer, "GET", "/project/SEC")).body).toMatchObject({
      key: "SEC",
      issueTypes: expect.arrayContaining([expect.objectContaining({ name: "Task" })]),
    });
  });
});

describe("fake Jira Data Center: issues as text", () => {
  it("creates, reads, edits, comments on and moves an issue whose description and comments are text", async () => {
    const created = await create(pat, { labels: ["sentinel-finding-1"] });
    expect(created).toMatchObject({ status: 201, body: { key: expect.stringMatching(/^SEC-\d+$/) } });
    const key = keyOf(created);
    expect((created.body as { self: string }).self).toMatch(new RegExp(`/rest/api/2/issue/\\d+$`));
    const read = await v2(pat, "GET", `/issue/${key}?fields=description,labels,status`);
    expect(read.body).toMatchObject({
      fields: { description: "h2. Found\n\n*bold*", labels: ["sentinel-finding-1"], status: { name: "To Do" } },
    });
    expect(JSON.stringify(read.body)).not.toContain("/rest/api/3/");
    expect((await v2(pat, "PUT", `/issue/${key}`, { fields: { description: "changed" } })).status).toBe(204);
    expect(fake.issues("SEC").find((i) => i.key === key)!.fields.description).toBe("changed");
    expect(await v2(pat, "POST", `/issue/${key}/comment`, { body: "*Verified*" })).toMatchObject({
      status: 201,
      body: { body: "*Verified*" },
    });
    const { transitions } = (await v2(pat, "GET", `/issue/${key}/transitions`)).body as {
      transitions: { id: string; to: { statusCategory: { key: string } } }[];
    };
    const done = transitions.find((t) => t.to.statusCategory.key === "done")!;
    expect((await v2(pat, "POST", `/issue/${key}/transitions`, { transition: { id: done.id } })).status).toBe(204);
    expect(fake.issues("SEC").find((i) => i.key === key)!.fields.status).toMatchObject({ name: "Done" });
  });

  it("refuses an Atlassian Document where v2 wants text, in Jira's error body per field", async () => {
    expect(await create(pat, { description: doc })).toEqual(
      expect.objectContaining({ status: 400, body: { errorMessages: [], errors: { description: "Operation value must be a string" } } }),
    );
    const key = keyOf(await create(pat));
    expect(await v2(pat, "PUT", `/issue/${key}`, { fields: { description: doc } })).toMatchObject({
      status: 400,
      body: { errors: { description: "Operation value must be a string" } },
    });
    expect(await v2(pat, "POST", `/issue/${key}/comment`, { body: doc })).toMatchObject({
      status: 400,
      body: { errorMessages: [], errors: { comment: "Operation value must be a string" } },
    });
    expect(await v2(pat, "POST", `/issue/${key}/comment`, { body: " " })).toMatchObject({
      status: 400,
      body: { errors: { comment: "Comment body can not be empty!" } },
    });
  });

  it("lets a user do only what its permissions allow, and answers another's issue with Jira's 404", async () => {
    const viewer = person(["BROWSE_PROJECTS"]);
    expect(await create(viewer)).toMatchObject({
      status: 400,
      body: { errors: { project: "You do not have permission to create issues in this project." } },
    });
    const key = keyOf(await create(pat));
    expect((await v2(viewer, "POST", `/issue/${key}/comment`, { body: "x" })).status).toBe(403);
    expect((await v2(viewer, "GET", `/issue/${key}/transitions`)).body).toMatchObject({ transitions: [] });
    const hr = keyOf(await create(pat, { project: { key: "HR" } }));
    expect(await v2(viewer, "GET", `/issue/${hr}`)).toMatchObject({
      status: 404,
      body: { errorMessages: ["Issue does not exist or you do not have permission to see it."], errors: {} },
    });
  });
});

describe("fake Jira Data Center: search", () => {
  it("searches with JQL by GET or POST, in startAt pages with a total; v3's /search/jql is no resource here", async () => {
    await create(pat, { labels: ["dc-search"] });
    await create(pat, { labels: ["dc-search"] });
    const found = await v2(
      pat,
      "GET",
      `/search?${new URLSearchParams({ jql: 'project = SEC AND labels = "dc-search" ORDER BY created ASC', fields: "status", maxResults: "1" })}`,
    );
    expect(found.body).toMatchObject({
      startAt: 0,
      maxResults: 1,
      total: 2,
      issues: [{ key: expect.any(String), fields: { status: { statusCategory: { key: "new" } } } }],
    });
    expect(Object.keys((found.body as { issues: { fields: object }[] }).issues[0]!.fields)).toEqual(["status"]);
    const posted = await v2(pat, "POST", "/search", { jql: "labels = dc-search", startAt: 1 });
    expect(posted.body).toMatchObject({ startAt: 1, total: 2, issues: [{ fields: { summary: "S" } }] });
    expect(await v2(person(["BROWSE_PROJECTS"]), "GET", "/search?jql=project%20%3D%20HR")).toMatchObject({
      status: 400,
      body: { errorMessages: ["The value 'HR' does not exist for the field 'project'."] },
    });
    expect(await v2(pat, "GET", "/search/jql?jql=project%20%3D%20SEC")).toMatchObject({
      status: 404,
      body: { message: `null for uri: ${fake.url}/rest/api/2/search/jql?jql=project%20%3D%20SEC`, "status-code": 404 },
    });
  });
});

describe("fake Jira Data Center: control routes", () => {
  it("issues a personal access token over /_fake/ for the CLI", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${fake.url}/_fake${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const made = (await (await post("/users", { email: "dc-cli@acme.example", pat: true })).json()) as { pat: string };
    expect((await v2(made.pat, "GET", "/myself")).status).toBe(200);
    const { pat: second } = (await (await post("/pats", { email: "dc-cli@acme.example" })).json()) as { pat: string };
    expect((await v2(second, "GET", "/myself")).status).toBe(200);
    expect((await post("/tokens/revoke", { pat: second })).status).toBe(200);
    expect((await v2(second, "GET", "/myself")).status).toBe(401);
  });
});
