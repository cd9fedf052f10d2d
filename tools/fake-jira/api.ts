// Jira Cloud's REST API v3 and Jira Data Center's REST API v2, the part a ticket connection uses,
// in Jira's order: the caller first (a credential that proves no account is 401 before any route),
// its rate window, the route (an unknown one is Jersey's "null for uri" 404), the body of a write,
// then the route's own checks. The two versions share their resources; v2 differs in who may call
// (a personal access token), its text fields (wiki markup text, not Atlassian Documents), its
// search (`/search` with `startAt` and a total; no `/search/jql`) and its project list.
import type http from "node:http";
import { callerOf, unauthenticated } from "./auth";
import { type Call, NO_ISSUE, NO_PROJECT, visibleIssue, visibleProject } from "./call";
import type { JiraContext } from "./context";
import { errors, json, readBody, stamp } from "./http";
import { addComment, createIssue, doTransition, editIssue, getIssue, listComments, listTransitions } from "./issue-routes";
import { newWindow, takeRequest } from "./rate";
import { SEARCH_GONE, searchJql, searchV2 } from "./search";
import { projectJson, userJson } from "./shapes";
import { type Issue, PERMISSIONS, type Permission } from "./state";

type Route = {
  method: string;
  path: RegExp;
  /** Needs an account: anonymous is 401 here (reads that Jira answers anonymously do not). */
  account?: boolean;
  handle: (call: Call, match: RegExpExecArray) => void;
};

const PERMISSION_NAMES: Record<Permission, string> = {
  BROWSE_PROJECTS: "Browse Projects",
  CREATE_ISSUES: "Create Issues",
  EDIT_ISSUES: "Edit Issues",
  ADD_COMMENTS: "Add Comments",
  TRANSITION_ISSUES: "Transition Issues",
  RESOLVE_ISSUES: "Resolve Issues",
};

function getProject(call: Call, match: RegExpExecArray): void {
  const key = decodeURIComponent(match[1]!);
  const project = visibleProject(call, key);
  return project ? json(call.res, 200, projectJson(call.ctx.base, project)) : json(call.res, 404, NO_PROJECT(key));
}

function myPermissions(call: Call): void {
  const { ctx, res, url, user } = call;
  const wanted = (url.searchParams.get("permissions") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (!wanted.length) return json(res, 400, errors(["The 'permissions' query parameter is required."]));
  const unknown = wanted.find((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown) return json(res, 404, errors([`No project permission with key '${unknown}' was found.`]));
  const key = url.searchParams.get("projectKey") ?? url.searchParams.get("projectId");
  const project = key ? visibleProject(call, key) : undefined;
  if (key && !project) return json(res, 404, NO_PROJECT(key));
  json(res, 200, {
    permissions: Object.fromEntries(
      (wanted as Permission[]).map((p) => [
        p,
        {
          id: String(PERMISSIONS.indexOf(p) + 10),
          key: p,
          name: PERMISSION_NAMES[p],
          type: "PROJECT",
          description: `Ability to ${PERMISSION_NAMES[p].toLowerCase()}.`,
          // Without a project: whether the account holds it in any project, as Jira answers.
          havePermission: project
            ? ctx.state.may(user, project, p)
            : [...ctx.state.projects.values()].some((pr) => ctx.state.may(user, pr, p)),
        },
      ]),
    ),
  });
}

function projectSearch(call: Call): void {
  const { ctx, res, url, user } = call;
  const action = url.searchParams.get("action") ?? "view";
  const needed: Permission = action === "create" ? "CREATE_ISSUES" : action === "edit" ? "EDIT_ISSUES" : "BROWSE_PROJECTS";
  const maxResults = Math.min(Number(url.searchParams.get("maxResults") ?? 50) || 50, 100);
  const startAt = Math.max(0, Number(url.searchParams.get("startAt") ?? 0) || 0);
  const projects = [...ctx.state.projects.values()]
    .filter((p) => ctx.state.may(user, p, "BROWSE_PROJECTS") && ctx.state.may(user, p, needed))
    .sort((a, b) => a.key.localeCompare(b.key));
  json(res, 200, {
    self: `${ctx.base}${url.pathname}${url.search}`,
    maxResults,
    startAt,
    total: projects.length,
    isLast: startAt + maxResults >= projects.length,
    values: projects.slice(startAt, startAt + maxResults).map((p) => projectJson(ctx.base, p)),
  });
}

const withIssue = (handle: (call: Call, issue: Issue) => void) => (call: Call, match: RegExpExecArray) => {
  const issue = visibleIssue(call, decodeURIComponent(match[1]!));
  return issue ? handle(call, issue) : json(call.res, 404, NO_ISSUE);
};

/** Data Center's `GET /project`: every project the caller may browse, by key, unpaged. */
function listProjects(call: Call): void {
  const { ctx, res, user } = call;
  const projects = [...ctx.state.projects.values()]
    .filter((p) => ctx.state.may(user, p, "BROWSE_PROJECTS"))
    .sort((a, b) => a.key.localeCompare(b.key));
  json(
    res,
    200,
    projects.map((p) => projectJson(ctx.base, p)),
  );
}

const ISSUE = String.raw`\/issue\/([^/]+)`;
/** What both versions answer alike (each issue route reads its text fields by `call.version`). */
const SHARED: Route[] = [
  { method: "GET", path: /^\/myself$/, account: true, handle: (call) => json(call.res, 200, userJson(call.ctx.base, call.user!)) },
  { method: "GET", path: /^\/project\/([^/]+)$/, handle: getProject },
  { method: "GET", path: /^\/mypermissions$/, handle: myPermissions },
  { method: "POST", path: /^\/issue$/, account: true, handle: createIssue },
  { method: "GET", path: new RegExp(`^${ISSUE}$`), handle: withIssue(getIssue) },
  { method: "PUT", path: new RegExp(`^${ISSUE}$`), account: true, handle: withIssue(editIssue) },
  { method: "GET", path: new RegExp(`^${ISSUE}\\/comment$`), handle: withIssue(listComments) },
  { method: "POST", path: new RegExp(`^${ISSUE}\\/comment$`), account: true, handle: withIssue(addComment) },
  { method: "GET", path: new RegExp(`^${ISSUE}\\/transitions$`), handle: withIssue(listTransitions) },
  { method: "POST", path: new RegExp(`^${ISSUE}\\/transitions$`), account: true, handle: withIssue(doTransition) },
];
const V2_ROUTES: Route[] = [
  ...SHARED,
  { method: "GET", path: /^\/project$/, handle: listProjects },
  { method: "GET", path: /^\/search$/, handle: searchV2 },
  { method: "POST", path: /^\/search$/, handle: searchV2 },
];
const V3_ROUTES: Route[] = [
  { method: "GET", path: /^\/project\/search$/, handle: projectSearch },
  ...SHARED,
  { method: "GET", path: /^\/search\/jql$/, handle: searchJql },
  { method: "POST", path: /^\/search\/jql$/, handle: searchJql },
  { method: "GET", path: /^\/search$/, handle: (call) => json(call.res, 410, SEARCH_GONE) },
  { method: "POST", path: /^\/search$/, handle: (call) => json(call.res, 410, SEARCH_GONE) },
];

/** Jersey's 404 for a path no resource answers, as Jira's REST layer sends it. */
export const noResource = (res: http.ServerResponse, url: URL) =>
  json(res, 404, { message: `null for uri: ${url.href}`, "status-code": 404 });

/**
 * Data Center's answers carry its own links: the shared shapes write v3's, so a v2 answer's JSON
 * has the site's `/rest/api/3/` turned into `/rest/api/2/` as it is sent.
 */
function v2Links(ctx: JiraContext, res: http.ServerResponse): void {
  const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
  const from = `${ctx.base}/rest/api/3/`;
  res.end = ((chunk?: unknown) =>
    end(typeof chunk === "string" ? chunk.split(from).join(`${ctx.base}/rest/api/2/`) : chunk)) as typeof res.end;
}

export async function handleApi(
  ctx: JiraContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  version: 2 | 3,
): Promise<void> {
  stamp(res);
  if (version === 2) v2Links(ctx, res);
  const raw = await readBody(req);
  const caller = callerOf(ctx, req, version);
  if (caller.kind === "refused") return unauthenticated(ctx, res, true, { version });
  const user = caller.kind === "account" ? caller.user : null;

  // Each account has its budget; anonymous requests share one per address.
  const budget = user ? user.accountId : `anonymous:${req.socket.remoteAddress ?? ""}`;
  let window = ctx.windows.get(budget);
  if (!window) ctx.windows.set(budget, (window = newWindow(ctx.rateLimit)));
  const turn = takeRequest(window, ctx.now());
  for (const [name, value] of Object.entries(turn.headers)) res.setHeader(name, value);
  if (user) {
    res.setHeader("x-aaccountid", user.accountId);
    res.setHeader("x-seraph-loginreason", "OK");
  }
  if (!turn.ok) return json(res, 429, errors(["The request has been rate-limited. Please try again later."]));

  const path = url.pathname.slice(`/rest/api/${version}`.length);
  const method = req.method ?? "GET";
  let found: { route: Route; match: RegExpExecArray } | undefined;
  for (const route of version === 2 ? V2_ROUTES : V3_ROUTES) {
    const match = route.method === method ? route.path.exec(path) : null;
    if (match) {
      found = { route, match };
      break;
    }
  }
  if (!found) return noResource(res, url);
  if (found.route.account && !user) return unauthenticated(ctx, res, false, { version });

  let body: unknown = null;
  if (raw.trim() && (method === "POST" || method === "PUT")) {
    if (!(req.headers["content-type"] ?? "").toLowerCase().includes("application/json"))
      return json(res, 415, errors(["Unsupported Media Type"]));
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, errors(["Unexpected character in the request body: it is not valid JSON."]));
    }
  }
  found.route.handle({ ctx, req, res, url, user, body, version }, found.match);
}
