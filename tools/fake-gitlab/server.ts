// A fake GitLab for tests and local demos: a plain Node HTTP server on loopback that speaks the parts
// of GitLab's REST API v4 the product's GitLab connection uses, under /api/v4, in GitLab's JSON,
// errors and headers, so @gitbeaker/rest can be pointed at it by `host`; and GitLab's project
// webhooks for issue events, with the hook's secret token as GitLab sends it. Never imported by src/.
// Projects, tokens and webhooks are set up through the returned object (or /_fake/ over HTTP), as the
// client company would on gitlab.com; tools/fake-gitlab/README.md lists the rules.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { handleApi } from "./api";
import type { GitLabContext } from "./context";
import { handleControl } from "./control-routes";
import type { IssueAction } from "./events";
import { json } from "./http";
import { handlePages } from "./pages";
import { closeIssue, forgeDelivery, reopenIssue } from "./people";
import { DEFAULT_RATE_LIMIT } from "./rate";
import { issueJson, noteJson, projectJson } from "./shapes";
import { fullPath, GitLabState, type TokenRequest, type Visibility } from "./state";
import type { Delivery } from "./webhook";

export type { Delivery } from "./webhook";
export type { IssueAction } from "./events";
export type { AccessLevel, TokenRequest, Visibility } from "./state";

export type FakeGitLabOptions = {
  port?: number;
  host?: string;
  /** The clock (milliseconds) the rate limit, token expiry and timestamps run on; a test moves it rather than waiting. */
  now?: () => number;
  /** Every token's limit, requests per minute (GitLab.com: 2000). */
  rateLimit?: number;
  log?: boolean;
};

type ProjectJson = ReturnType<typeof projectJson>;
type IssueJson = ReturnType<typeof issueJson>;
type NoteJson = ReturnType<typeof noteJson>;

export type FakeGitLab = {
  url: string;
  port: number;
  /** A project (private unless told; issues on unless `issues: false`); its JSON as the API shows it. */
  addProject: (project: { namespace: string; name: string; issues?: boolean; visibility?: Visibility }) => ProjectJson;
  /** Turns a project's issues on or off later (off: creating and editing answer 403, the list is empty). */
  setIssuesEnabled: (project: string | number, enabled: boolean) => void;
  /** A project access token (glpat-…) for one project: scopes default to `api`, the role to Developer (30). */
  issueToken: (request: TokenRequest) => string;
  /**
   * Revoked: every later request with it is 401 invalid_token "Token was revoked…", as GitLab answers
   * while it keeps the revoked token (30 days since 17.x). `botDeleted`: the token and its bot are
   * gone (older GitLab deleted them at once), so it is an unknown token, 401 "401 Unauthorized".
   */
  revokeToken: (token: string, options?: { botDeleted?: boolean }) => void;
  /** A project webhook for issue events; `token` is its secret token (X-Gitlab-Token). Its id. */
  addWebhook: (project: string | number, hook: { url: string; token?: string }) => number;
  /** Closes the issue as a person on gitlab.com would and sends the Issue Hook; resolves once delivered. */
  closeIssue: (project: string | number, iid: number) => Promise<Delivery[]>;
  reopenIssue: (project: string | number, iid: number) => Promise<Delivery[]>;
  /** An Issue Hook carrying another token than the hook's secret (or `token`): what a receiver must refuse. */
  forgeDelivery: (project: string | number, iid: number, options?: { token?: string; action?: IssueAction }) => Promise<Delivery[]>;
  /** The project's issues as the API shows them, by iid. */
  issues: (project: string | number) => IssueJson[];
  /** An issue's notes as the API shows them, oldest first. */
  notes: (project: string | number, iid: number) => NoteJson[];
  /** Every webhook delivery made so far, oldest first. */
  deliveries: () => Delivery[];
  /** Waits until every delivery under way (those the API's own writes started) has been answered. */
  flushDeliveries: () => Promise<void>;
  summary: () => Record<string, unknown>;
  close: () => Promise<void>;
};

export async function startFakeGitLab(options: FakeGitLabOptions = {}): Promise<FakeGitLab> {
  const now = options.now ?? Date.now;
  const state = new GitLabState(now, options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const ctx: GitLabContext = {
    state,
    now,
    base: "",
    deliveries: [],
    pending: new Set(),
    maintainer: state.user("fake-maintainer", "Fake Maintainer"),
    log: options.log ?? false,
  };

  const fake: Omit<FakeGitLab, "url" | "port" | "close"> = {
    addProject: (project) => {
      const made = state.addProject(project);
      return projectJson(ctx.base, made, null);
    },
    setIssuesEnabled: (project, enabled) => void (state.mustProject(project).issuesEnabled = enabled),
    issueToken: (request) => state.issueToken(request),
    revokeToken: (token, revoke) => {
      const record = state.tokens.get(token);
      if (!record) throw new Error("fake-gitlab: no such token");
      record.revoked = true;
      if (revoke?.botDeleted) state.tokens.delete(token);
    },
    addWebhook: (project, hook) => {
      if (!/^https?:\/\//.test(hook.url)) throw new Error("fake-gitlab: a webhook needs an http(s) URL");
      const id = state.newId();
      state.mustProject(project).hooks.push({ id, uuid: randomUUID(), url: hook.url, token: hook.token || null });
      return id;
    },
    closeIssue: (project, iid) => closeIssue(ctx, project, iid),
    reopenIssue: (project, iid) => reopenIssue(ctx, project, iid),
    forgeDelivery: (project, iid, forged) => forgeDelivery(ctx, project, iid, forged),
    issues: (project) => {
      const found = state.mustProject(project);
      return found.issues.map((issue) => issueJson(ctx.base, found, issue));
    },
    notes: (project, iid) => {
      const found = state.mustIssue(project, iid);
      return found.issue.notes.map((note) => noteJson(ctx.base, found.project, found.issue, note));
    },
    deliveries: () => [...ctx.deliveries],
    flushDeliveries: async () => {
      while (ctx.pending.size > 0) await Promise.all([...ctx.pending]);
    },
    summary: () => ({
      projects: [...state.projects.values()].map((p) => ({
        id: p.id,
        path_with_namespace: fullPath(p),
        visibility: p.visibility,
        issues_enabled: p.issuesEnabled,
        issues: p.issues.length,
        hooks: p.hooks.length,
      })),
      tokens: state.tokens.size,
      deliveries: ctx.deliveries.length,
    }),
  };

  async function route(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    if (url.pathname.startsWith("/_fake/")) return handleControl(fake, req, res, url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return handleApi(ctx, req, res, url);
    if (await handlePages(ctx, req, res, url)) return;
    req.resume();
    json(res, 404, { error: "404 Not Found" });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    if (options.log) console.info(`[fake-gitlab] ${req.method} ${url.pathname}`);
    route(req, res, url).catch((error) => {
      console.error("[fake-gitlab] handler failed:", error);
      if (!res.headersSent) json(res, 500, { message: "500 Internal Server Error" });
      else res.end();
    });
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  ctx.base = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    ...fake,
    url: ctx.base,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
