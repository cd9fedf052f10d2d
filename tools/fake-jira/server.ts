// A fake Jira Cloud site for tests and local demos: a plain Node HTTP server on loopback that speaks
// the parts of REST API v3 the product's Jira connection uses, in Jira's JSON, errors and headers,
// so jira.js can be pointed at it by `host`; and Jira's admin webhooks, signed with their secret.
// Never imported by src/. Projects, accounts and webhooks are set up through the returned object (or
// /_fake/ over HTTP); tools/fake-jira/README.md lists the rules.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api";
import type { JiraContext } from "./context";
import { json, readBody } from "./http";
import { moveIssue } from "./moves";
import { handlePages } from "./pages";
import { DEFAULT_RATE_LIMIT } from "./rate";
import { commentJson, issueJson, projectJson } from "./shapes";
import { JiraState, STATUSES, type Status } from "./state";
import { type Delivery, randomSecret, sendEvent } from "./webhook";

export type { Delivery } from "./webhook";

export type FakeJiraOptions = {
  port?: number;
  host?: string;
  /** The clock (ms) the rate limit and timestamps run on; a test moves it rather than waiting. */
  now?: () => number;
  /** Each account's requests per minute. */
  rateLimit?: number;
  log?: boolean;
};

type StatusName = Status["name"];

export type FakeJira = {
  url: string;
  port: number;
  addProject: (project: { key: string; name: string; issueTypes?: string[] }) => ReturnType<typeof projectJson>;
  /** An Atlassian account with an API token; `permissions` per project key (all of them everywhere unless given). */
  addUser: (user: { email: string; displayName?: string; permissions?: Record<string, string[]>; apiToken?: string }) => {
    accountId: string;
    apiToken: string;
  };
  /** Another API token of the same account. */
  issueToken: (email: string) => string;
  /** Revoked at id.atlassian.com: every later request with it is 401. */
  revokeToken: (apiToken: string) => void;
  /** An admin webhook (System → WebHooks); `secret` signs its deliveries. Its id. */
  addWebhook: (hook: { url: string; secret?: string; events?: string[] }) => number;
  /** Moves the issue as the site's administrator would in Jira, sending jira:issue_updated; resolves once delivered. */
  transitionIssue: (key: string, to: StatusName) => Promise<Delivery[]>;
  closeIssue: (key: string) => Promise<Delivery[]>;
  reopenIssue: (key: string) => Promise<Delivery[]>;
  /** The issue's jira:issue_updated signed with another secret (random unless given): what a receiver must refuse. */
  forgeDelivery: (key: string, options?: { secret?: string }) => Promise<Delivery[]>;
  /** Issues as GET issue shows them, oldest first. */
  issues: (projectKey?: string) => ReturnType<typeof issueJson>[];
  comments: (key: string) => ReturnType<typeof commentJson>[];
  deliveries: () => Delivery[];
  flushDeliveries: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startFakeJira(options: FakeJiraOptions = {}): Promise<FakeJira> {
  const now = options.now ?? Date.now;
  const state = new JiraState(now);
  state.addUser({ email: "admin@fake-jira.example", displayName: "Fake Admin" });
  const ctx: JiraContext = {
    state,
    now,
    base: "",
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    windows: new Map(),
    deliveries: [],
    pending: new Set(),
    admin: state.users.get("admin@fake-jira.example")!,
    log: options.log ?? false,
  };
  const issue = (key: string) => {
    const found = state.issues.get(key);
    if (!found) throw new Error(`fake-jira: no issue ${key}`);
    return found;
  };
  const status = (name: StatusName) => STATUSES.find((s) => s.name === name)!;
  const api: Omit<FakeJira, "url" | "port" | "close"> = {
    addProject: (project) => projectJson(ctx.base, state.addProject(project)),
    addUser: (user) => state.addUser(user),
    issueToken: (email) => state.issueToken(email),
    revokeToken: (token) => state.revokeToken(token),
    addWebhook: ({ url, secret, events = ["jira:issue_created", "jira:issue_updated", "comment_created"] }) => {
      const id = state.webhooks.length + 1;
      state.webhooks.push({ id, url, secret: secret ?? null, events });
      return id;
    },
    transitionIssue: (key, to) => moveIssue(ctx, issue(key), status(to), ctx.admin),
    closeIssue: (key) => moveIssue(ctx, issue(key), status("Done"), ctx.admin),
    reopenIssue: (key) => moveIssue(ctx, issue(key), status("To Do"), ctx.admin),
    forgeDelivery: (key, { secret } = {}) => {
      const found = issue(key);
      const item = {
        field: "status",
        fieldtype: "jira",
        fieldId: "status",
        from: found.status.id,
        fromString: found.status.name,
        to: found.status.id,
        toString: found.status.name,
      };
      return sendEvent(ctx, "jira:issue_updated", found, ctx.admin, [item], { forgedSecret: secret ?? randomSecret() });
    },
    issues: (projectKey) =>
      [...state.issues.values()].filter((i) => !projectKey || i.project.key === projectKey).map((i) => issueJson(ctx.base, i)),
    comments: (key) => issue(key).comments.map((c) => commentJson(ctx.base, issue(key), c)),
    deliveries: () => [...ctx.deliveries],
    flushDeliveries: async () => {
      while (ctx.pending.size) await Promise.all([...ctx.pending]);
    },
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", ctx.base || "http://127.0.0.1");
    if (ctx.log) console.info(`[fake-jira] ${req.method} ${url.pathname}${url.search}`);
    const work = async () => {
      if (url.pathname.startsWith("/rest/api/3/")) return handleApi(ctx, req, res, url);
      if (url.pathname.startsWith("/_fake/")) return handleControl(req, res, url);
      if (await handlePages(ctx, req, res, url)) return;
      json(res, 404, { errorMessages: ["Not found"], errors: {} });
    };
    work().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { errorMessages: [String(error)], errors: {} });
    });
  });

  /** The same methods over HTTP, for the CLI and a demo. */
  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const body = req.method === "POST" ? (JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>) : {};
    const path = url.pathname.slice("/_fake".length);
    try {
      if (path === "/health") return json(res, 200, { ok: true });
      if (path === "/state") return json(res, 200, { issues: api.issues(), deliveries: api.deliveries() });
      if (path === "/projects") return json(res, 201, api.addProject(body as { key: string; name: string }));
      if (path === "/users") return json(res, 201, api.addUser(body as { email: string }));
      if (path === "/tokens/revoke") return json(res, 200, (api.revokeToken(String(body.token)), { ok: true }));
      if (path === "/webhooks") return json(res, 201, { id: api.addWebhook(body as { url: string; secret?: string }) });
      if (path === "/issues/transition") return json(res, 200, await api.transitionIssue(String(body.key), body.to as StatusName));
      if (path === "/issues/forge") return json(res, 200, await api.forgeDelivery(String(body.key)));
      json(res, 404, { error: "no such control route" });
    } catch (error) {
      json(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  ctx.base = `http://${options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1"}:${port}`;
  return {
    url: ctx.base,
    port,
    ...api,
    close: async () => {
      await api.flushDeliveries();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
