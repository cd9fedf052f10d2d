// A fake GitHub for tests and local demos: a plain Node HTTP server on loopback that speaks the
// parts of GitHub's REST API (version 2022-11-28) the product's GitHub connection uses, in GitHub's
// JSON and headers, so @octokit/rest can be pointed at it by `baseUrl`; and GitHub's repository
// webhooks, signed as GitHub signs them. Never imported by src/. Repositories, tokens and webhooks
// are set up through the returned object (or /_fake/ over HTTP), as the client company would on
// github.com; tools/fake-github/README.md lists the rules.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api";
import type { GitHubContext } from "./context";
import { handleControl } from "./control-routes";
import type { IssueAction } from "./events";
import { ghError } from "./http";
import { handlePages } from "./pages";
import { type CloseReason, closeIssue, editIssue, forgeDelivery, reopenIssue } from "./people";
import { DEFAULT_PRIMARY_LIMIT, DEFAULT_SECONDARY, type SecondaryLimit } from "./rate";
import { issueJson, repoJson } from "./shapes";
import { GitHubState, type TokenRequest } from "./state";
import { type Delivery, redeliver } from "./webhook";

export type { Delivery } from "./webhook";
export type { SecondaryLimit } from "./rate";
export type { Permissions, TokenKind, TokenRequest } from "./state";
export { signGitHubWebhook } from "./webhook";

export type FakeGitHubOptions = {
  port?: number;
  host?: string;
  /** The clock (milliseconds) rate limits, token expiry and timestamps run on; a test moves it rather than waiting. */
  now?: () => number;
  /** Primary limit of every token, requests per hour (GitHub: 5000). */
  rateLimit?: number;
  /** The secondary limit on content-creating requests (GitHub: 80 a minute, 500 an hour, 403). */
  secondaryRateLimit?: Partial<SecondaryLimit>;
  /** The app whose installation tokens the fake issues (its bot is `<slug>[bot]`). */
  appSlug?: string;
  log?: boolean;
};

type IssueJson = ReturnType<typeof issueJson>;

export type FakeGitHub = {
  url: string;
  port: number;
  /** A repository (private unless told; issues on unless `issues: false`); its JSON as GitHub shows it. */
  addRepo: (repo: { owner: string; name: string; issues?: boolean; private?: boolean }) => ReturnType<typeof repoJson>;
  /** Turns a repository's issues on or off later (off: the API answers 410). */
  setIssuesEnabled: (repo: string, enabled: boolean) => void;
  /** A token of that kind; without `permissions`, a fine-grained or installation token has `metadata: read` only, as at GitHub. */
  issueToken: (request: TokenRequest) => string;
  /** Revoked: every later request with it is 401 Bad credentials. */
  revokeToken: (token: string) => void;
  /** A repository webhook (events default to `issues`; `*` is every event); its id. */
  addWebhook: (repo: string, hook: { url: string; secret: string; events?: string[] }) => number;
  /** Closes the issue as a person on github.com would and sends `issues` closed; resolves once delivered. */
  closeIssue: (repo: string, number: number, reason?: CloseReason) => Promise<Delivery[]>;
  reopenIssue: (repo: string, number: number) => Promise<Delivery[]>;
  editIssue: (repo: string, number: number, edit: { title?: string; body?: string | null }) => Promise<Delivery[]>;
  /** An `issues` delivery signed with another secret than the hook's (or `secret`): what a receiver must refuse. */
  forgeDelivery: (repo: string, number: number, options?: { action?: IssueAction; secret?: string }) => Promise<Delivery[]>;
  /** "Redeliver" of the delivery with this GUID: the same X-GitHub-Delivery, headers and bytes again; resolves once answered. */
  redeliver: (guid: string) => Promise<Delivery>;
  /** The repository's issues as the API shows them, by number. */
  issues: (repo: string) => IssueJson[];
  /** Every webhook delivery made so far, oldest first. */
  deliveries: () => Delivery[];
  /** Waits until every delivery under way (those the API's own writes started) has been answered. */
  flushDeliveries: () => Promise<void>;
  summary: () => Record<string, unknown>;
  close: () => Promise<void>;
};

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const now = options.now ?? Date.now;
  const state = new GitHubState(now, options.rateLimit ?? DEFAULT_PRIMARY_LIMIT, options.appSlug ?? "fake-app");
  const ctx: GitHubContext = {
    state,
    now,
    base: "",
    secondary: { ...DEFAULT_SECONDARY, ...options.secondaryRateLimit },
    deliveries: [],
    pending: new Set(),
    maintainer: state.actor("fake-maintainer"),
    log: options.log ?? false,
  };

  const fake: Omit<FakeGitHub, "url" | "port" | "close"> = {
    addRepo: (repo) => repoJson(ctx.base, state.addRepo(repo)),
    setIssuesEnabled: (repo, enabled) => void (state.mustRepo(repo).hasIssues = enabled),
    issueToken: (request) => state.issueToken(request),
    revokeToken: (token) => {
      const record = state.tokens.get(token);
      if (!record) throw new Error("fake-github: no such token");
      record.revoked = true;
    },
    addWebhook: (repo, hook) => {
      if (!/^https?:\/\//.test(hook.url)) throw new Error("fake-github: a webhook needs an http(s) URL");
      const id = state.newId();
      state.mustRepo(repo).hooks.push({ id, url: hook.url, secret: hook.secret, events: hook.events ?? ["issues"] });
      return id;
    },
    closeIssue: (repo, number, reason) => closeIssue(ctx, repo, number, reason),
    reopenIssue: (repo, number) => reopenIssue(ctx, repo, number),
    editIssue: (repo, number, edit) => editIssue(ctx, repo, number, edit),
    forgeDelivery: (repo, number, forged) => forgeDelivery(ctx, repo, number, forged),
    redeliver: async (guid) => {
      const original = ctx.deliveries.find((d) => d.guid === guid && !d.redelivery);
      if (!original) throw new Error("fake-github: no such delivery");
      const again = await redeliver(original);
      ctx.deliveries.push(again);
      return again;
    },
    issues: (repo) => {
      const found = state.mustRepo(repo);
      return found.issues.map((issue) => issueJson(ctx.base, found, issue));
    },
    deliveries: () => [...ctx.deliveries],
    flushDeliveries: async () => {
      while (ctx.pending.size > 0) await Promise.all([...ctx.pending]);
    },
    summary: () => ({
      repos: [...state.repos.values()].map((r) => ({
        full_name: `${r.owner.login}/${r.name}`,
        has_issues: r.hasIssues,
        issues: r.issues.length,
        hooks: r.hooks.length,
      })),
      tokens: state.tokens.size,
      deliveries: ctx.deliveries.length,
    }),
  };

  async function route(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    if (url.pathname.startsWith("/_fake/")) return handleControl(fake, req, res, url.pathname);
    // The API's own prefixes first: an owner cannot be named repos, user or installation.
    if (!/^\/(repos|user|installation)(\/|$)/.test(url.pathname) && (await handlePages(ctx, req, res, url))) return;
    return handleApi(ctx, req, res, url);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    if (options.log) console.info(`[fake-github] ${req.method} ${url.pathname}`);
    route(req, res, url).catch((error) => {
      console.error("[fake-github] handler failed:", error);
      if (!res.headersSent) ghError(res, 500, "Server Error");
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
