// A fake Jira site for tests and local demos: a plain Node HTTP server on loopback that speaks the
// parts of Jira Cloud's REST API v3 the product's Jira connection uses, in Jira's JSON, errors and
// headers, so jira.js can be pointed at it by `host`; the same resources as Jira Data Center's REST
// API v2 for personal access tokens; and Jira's admin webhooks, signed with their secret.
// Never imported by src/. Projects, accounts and webhooks are set up through the returned object (or
// /_fake/ over HTTP); tools/fake-jira/README.md lists the rules.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi, noResource } from "./api";
import type { JiraContext } from "./context";
import { handleControl } from "./control-routes";
import { json, stamp } from "./http";
import { handlePages, pageNotFound } from "./pages";
import { forgeDelivery, mustIssue, type StatusName, transitionIssue } from "./people";
import { DEFAULT_RATE_LIMIT, newWindow } from "./rate";
import { commentJson, issueJson, projectJson } from "./shapes";
import { JiraState } from "./state";
import { DEFAULT_EVENTS, type Delivery } from "./webhook";

export type { Delivery } from "./webhook";
export type { StatusName } from "./people";

export type FakeJiraOptions = {
  /** 0 (the default): any free port. */
  port?: number;
  /** 127.0.0.1 unless given. */
  host?: string;
  /** The clock (ms) the rate limit and timestamps run on; a test moves it rather than waiting. */
  now?: () => number;
  /** Each account's requests a minute (default 100). */
  rateLimit?: number;
  /** Logs each request to the console. */
  log?: boolean;
};

export type FakeJira = {
  url: string;
  port: number;
  /** A team-managed project (issue types Task, Bug, Story, Epic unless given); its JSON as GET project shows it. */
  addProject: (project: { key: string; name: string; issueTypes?: string[] }) => ReturnType<typeof projectJson>;
  /** An Atlassian account with an API token (random `ATATT3x…` unless given); `permissions` per project key, every one everywhere unless given. */
  addUser: (user: {
    email: string;
    displayName?: string;
    permissions?: Record<string, string[]>;
    apiToken?: string;
    /** A Data Center personal access token as well: this value, or a random one for `true`. */
    pat?: string | boolean;
  }) => {
    accountId: string;
    apiToken: string;
    pat?: string;
  };
  /** Another API token of the same account. */
  issueToken: (email: string) => string;
  /** A Data Center personal access token of the account (Profile → Personal Access Tokens): Bearer on REST API v2 only. */
  issuePat: (email: string) => string;
  /** An API token revoked at id.atlassian.com, or a personal access token revoked in Jira: every later request with it is 401. */
  revokeToken: (apiToken: string) => void;
  /** An admin webhook (System → WebHooks) for jira:issue_created, jira:issue_updated and comment_created unless told; `secret` signs its deliveries. Its id. */
  addWebhook: (hook: { url: string; secret?: string; events?: string[] }) => number;
  /** Moves the issue as the site's administrator would in Jira, sending jira:issue_updated; resolves once delivered. */
  transitionIssue: (key: string, to: StatusName) => Promise<Delivery[]>;
  /** transitionIssue(key, "Done"). */
  closeIssue: (key: string) => Promise<Delivery[]>;
  /** transitionIssue(key, "To Do"). */
  reopenIssue: (key: string) => Promise<Delivery[]>;
  /** The issue's jira:issue_updated signed with another secret (random unless given): what a receiver must refuse. */
  forgeDelivery: (key: string, options?: { secret?: string }) => Promise<Delivery[]>;
  /** Issues as GET issue shows them (every field), oldest first. */
  issues: (projectKey?: string) => ReturnType<typeof issueJson>[];
  /** The issue's comments as the API shows them, oldest first. */
  comments: (key: string) => ReturnType<typeof commentJson>[];
  /** Every delivery made, in the order the receivers answered. */
  deliveries: () => Delivery[];
  /** Waits for the deliveries the API's writes started. */
  flushDeliveries: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startFakeJira(options: FakeJiraOptions = {}): Promise<FakeJira> {
  const now = options.now ?? Date.now;
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  newWindow(rateLimit); // refuses a limit that is no whole number of requests
  const state = new JiraState(now);
  state.addUser({ email: "admin@fake-jira.example", displayName: "Fake Admin" });
  const ctx: JiraContext = {
    state,
    now,
    base: "",
    rateLimit,
    windows: new Map(),
    deliveries: [],
    pending: new Set(),
    admin: state.users.get("admin@fake-jira.example")!,
    log: options.log ?? false,
  };
  const api: Omit<FakeJira, "url" | "port" | "close"> = {
    addProject: (project) => projectJson(ctx.base, state.addProject(project)),
    addUser: (user) => state.addUser(user),
    issueToken: (email) => state.issueToken(email),
    issuePat: (email) => state.issuePat(email),
    revokeToken: (token) => state.revokeToken(token),
    addWebhook: ({ url, secret, events = DEFAULT_EVENTS }) => {
      if (!/^https?:\/\//.test(url)) throw new Error(`fake-jira: ${url} is not a webhook URL`);
      const id = state.webhooks.length + 1;
      state.webhooks.push({ id, url, secret: secret ?? null, events });
      return id;
    },
    transitionIssue: (key, to) => transitionIssue(ctx, key, to),
    closeIssue: (key) => transitionIssue(ctx, key, "Done"),
    reopenIssue: (key) => transitionIssue(ctx, key, "To Do"),
    forgeDelivery: (key, forged) => forgeDelivery(ctx, key, forged),
    issues: (projectKey) =>
      [...state.issues.values()]
        .filter((i) => !projectKey || i.project.key === projectKey.toUpperCase())
        .map((i) => issueJson(ctx.base, i)),
    comments: (key) => {
      const issue = mustIssue(ctx, key);
      return issue.comments.map((c) => commentJson(ctx.base, issue, c));
    },
    deliveries: () => [...ctx.deliveries],
    flushDeliveries: async () => {
      while (ctx.pending.size) await Promise.all([...ctx.pending]);
    },
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", ctx.base || "http://127.0.0.1");
    if (ctx.log) console.info(`[fake-jira] ${req.method} ${url.pathname}${url.search}`);
    const work = async () => {
      if (url.pathname.startsWith("/rest/api/3/")) return handleApi(ctx, req, res, url, 3);
      // Jira Data Center's REST API v2, for personal access tokens.
      if (url.pathname.startsWith("/rest/api/2/")) return handleApi(ctx, req, res, url, 2);
      if (url.pathname.startsWith("/_fake/")) return handleControl(api, req, res, url);
      // Another REST path (agile, latest, …): the fake speaks only v3 and v2.
      if (url.pathname.startsWith("/rest/")) return (stamp(res), noResource(res, url));
      if (await handlePages(ctx, req, res, url)) return;
      pageNotFound(res);
    };
    work().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { errorMessages: [String(error)], errors: {} });
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  ctx.base = `http://${options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1"}:${port}`;
  return {
    url: ctx.base,
    port,
    ...api,
    close: async () => {
      await api.flushDeliveries();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
