// Jira Cloud's REST API v3, the part a ticket connection uses, in Jira's order: the account first
// (Basic e-mail:API token; a wrong pair is 401 before any route), its rate window, then the route.
import type http from "node:http";
import { isAtlassianDocument } from "./adf";
import type { JiraContext } from "./context";
import { errors, json, readBody, stamp, text } from "./http";
import { parseJql } from "./jql";
import { moveIssue } from "./moves";
import { takeRequest } from "./rate";
import { commentJson, issueJson, projectJson, userJson } from "./shapes";
import { type Issue, PERMISSIONS, type Permission, type Project, TRANSITIONS, type User } from "./state";
import { sendEvent } from "./webhook";

type Call = { ctx: JiraContext; req: http.IncomingMessage; res: http.ServerResponse; url: URL; user: User; body: unknown };
type Route = { method: string; path: RegExp; handle: (call: Call, match: RegExpExecArray) => void | Promise<void> };

const NO_PROJECT = (key: string) => errors([`No project could be found with key '${key}'.`]);
const NO_ISSUE = errors(["Issue does not exist or you do not have permission to see it."]);
const SEARCH_GONE = errors([
  "The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046",
]);

function visibleProject(call: Call, key: string): Project | undefined {
  const project = call.ctx.state.projects.get(key.toUpperCase()) ?? [...call.ctx.state.projects.values()].find((p) => p.id === key);
  return project && call.ctx.state.may(call.user, project, "BROWSE_PROJECTS") ? project : undefined;
}

function visibleIssue(call: Call, key: string): Issue | undefined {
  const issue = call.ctx.state.issues.get(key.toUpperCase()) ?? [...call.ctx.state.issues.values()].find((i) => i.id === key);
  return issue && call.ctx.state.may(call.user, issue.project, "BROWSE_PROJECTS") ? issue : undefined;
}

const fieldsOf = (url: URL) => {
  const raw = url.searchParams.getAll("fields").flatMap((value) => value.split(","));
  return raw.length ? raw.map((name) => name.trim()).filter(Boolean) : null;
};

/** The fields of a create or an edit, checked as Jira checks them; errors per field. */
function checkFields(fields: Record<string, unknown>, creating: boolean): Record<string, string> {
  const found: Record<string, string> = {};
  if (creating || "summary" in fields) {
    const summary = fields.summary;
    if (typeof summary !== "string" || !summary.trim()) found.summary = "You must specify a summary of the issue.";
    else if (summary.length > 255) found.summary = "Summary must be less than 255 characters.";
  }
  if ("description" in fields && fields.description !== null && !isAtlassianDocument(fields.description))
    found.description = "Operation value must be an Atlassian Document (see the Atlassian Document Format)";
  if ("labels" in fields) {
    const labels = fields.labels;
    if (!Array.isArray(labels) || labels.some((label) => typeof label !== "string")) found.labels = "data was not an array";
    else {
      const spaced = (labels as string[]).find((label) => /\s/.test(label));
      const long = (labels as string[]).find((label) => label.length > 255);
      if (spaced !== undefined) found.labels = `The label '${spaced}' contains spaces which is invalid.`;
      else if (long !== undefined) found.labels = "The label must not exceed 255 characters.";
    }
  }
  return found;
}

function createIssue(call: Call): void {
  const { ctx, res, user } = call;
  const fields = ((call.body as { fields?: unknown } | null)?.fields ?? {}) as Record<string, unknown>;
  const ref = fields.project as { key?: unknown; id?: unknown } | undefined;
  const project = visibleProject(call, String(ref?.key ?? ref?.id ?? ""));
  const found = checkFields(fields, true);
  if (!project) found.project = "Specify a valid project ID or key";
  const typeRef = fields.issuetype as { name?: unknown; id?: unknown } | undefined;
  const issueType = project?.issueTypes.find((type) => type.name === typeRef?.name || type.id === typeRef?.id);
  if (project && !issueType) found.issuetype = "Specify a valid issue type";
  if (project && !ctx.state.may(user, project, "CREATE_ISSUES"))
    found.project = "You do not have permission to create issues in this project.";
  if (Object.keys(found).length || !project || !issueType) return json(res, 400, errors([], found));
  const issue = ctx.state.createIssue({
    project,
    issueType,
    summary: String(fields.summary).trim(),
    description: fields.description ?? null,
    labels: [...new Set((fields.labels as string[] | undefined) ?? [])],
    reporter: user,
  });
  void sendEvent(ctx, "jira:issue_created", issue, user);
  json(res, 201, { id: issue.id, key: issue.key, self: `${ctx.base}/rest/api/3/issue/${issue.id}` });
}

function editIssue(call: Call, issue: Issue): void {
  const { ctx, res, user } = call;
  if (!ctx.state.may(user, issue.project, "EDIT_ISSUES"))
    return json(res, 403, errors(["You do not have permission to edit issues in this project."]));
  const fields = ((call.body as { fields?: unknown } | null)?.fields ?? {}) as Record<string, unknown>;
  const found = checkFields(fields, false);
  if (Object.keys(found).length) return json(res, 400, errors([], found));
  const items = [];
  if (typeof fields.summary === "string" && fields.summary !== issue.summary) {
    items.push({
      field: "summary",
      fieldtype: "jira",
      fieldId: "summary",
      from: null,
      fromString: issue.summary,
      to: null,
      toString: fields.summary,
    });
    issue.summary = fields.summary.trim();
  }
  if ("description" in fields) {
    items.push({ field: "description", fieldtype: "jira", fieldId: "description", from: null, fromString: null, to: null, toString: null });
    issue.description = fields.description;
  }
  if (Array.isArray(fields.labels)) issue.labels = [...new Set(fields.labels as string[])];
  issue.updated = ctx.now();
  if (items.length) void sendEvent(ctx, "jira:issue_updated", issue, user, items);
  res.writeHead(204).end();
}

function addComment(call: Call, issue: Issue): void {
  const { ctx, res, user } = call;
  if (!ctx.state.may(user, issue.project, "ADD_COMMENTS"))
    return json(res, 403, errors(["You do not have the permission to comment on this issue."]));
  const body = (call.body as { body?: unknown } | null)?.body;
  if (body === undefined || body === null) return json(res, 400, errors([], { comment: "Comment body can not be empty!" }));
  if (!isAtlassianDocument(body)) return json(res, 400, errors(["Comment body is not valid!"]));
  const comment = { id: ctx.state.newId(), author: user, body, created: ctx.now() };
  issue.comments.push(comment);
  void sendEvent(ctx, "comment_created", issue, user);
  json(res, 201, commentJson(ctx.base, issue, comment));
}

async function transition(call: Call, issue: Issue): Promise<void> {
  const { ctx, res, user } = call;
  if (!ctx.state.may(user, issue.project, "TRANSITION_ISSUES"))
    return json(res, 403, errors(["You do not have permission to transition this issue."]));
  const id = String((call.body as { transition?: { id?: unknown } } | null)?.transition?.id ?? "");
  const target = TRANSITIONS.find((t) => t.id === id && t.to !== issue.status);
  if (!target) return json(res, 400, errors([`Transition id '${id}' is not valid for this issue.`]));
  void moveIssue(ctx, issue, target.to, user);
  res.writeHead(204).end();
}

function search(call: Call): void {
  const { ctx, res, url } = call;
  const jql = url.searchParams.get("jql") ?? "";
  const query = parseJql(jql);
  if ("error" in query) return json(res, 400, errors([query.error]));
  for (const clause of query.clauses)
    if (clause.field === "project")
      for (const key of clause.values)
        if (!visibleProject(call, key)) return json(res, 400, errors([`The value '${key}' does not exist for the field 'project'.`]));
  const maxResults = Math.min(Number(url.searchParams.get("maxResults") ?? 50) || 50, 5000);
  const offset = Number(url.searchParams.get("nextPageToken") ?? 0) || 0;
  const matches = [...ctx.state.issues.values()]
    .filter((issue) => ctx.state.may(call.user, issue.project, "BROWSE_PROJECTS"))
    .filter((issue) =>
      query.clauses.every((clause) =>
        clause.field === "project"
          ? clause.values.some((key) => key.toUpperCase() === issue.project.key)
          : clause.field === "key"
            ? clause.values.some((key) => key.toUpperCase() === issue.key)
            : clause.values.some((label) => issue.labels.includes(label)),
      ),
    )
    .sort((a, b) => (query.order === "ASC" ? 1 : -1) * (a.created - b.created || Number(a.id) - Number(b.id)));
  const page = matches.slice(offset, offset + maxResults);
  const isLast = offset + maxResults >= matches.length;
  // Without `fields`, the enhanced search returns ids only.
  const fields = fieldsOf(url);
  json(res, 200, {
    issues: page.map((issue) => (fields ? issueJson(ctx.base, issue, fields) : { id: issue.id })),
    isLast,
    ...(isLast ? {} : { nextPageToken: String(offset + maxResults) }),
  });
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
  const key = url.searchParams.get("projectKey");
  const project = key ? visibleProject(call, key) : undefined;
  if (key && !project) return json(res, 404, NO_PROJECT(key));
  json(res, 200, {
    permissions: Object.fromEntries(
      wanted.map((p, i) => [
        p,
        {
          id: String(i + 1),
          key: p,
          name: p.toLowerCase().replace(/_/g, " "),
          type: "PROJECT",
          description: "",
          havePermission: project
            ? ctx.state.may(user, project, p as Permission)
            : [...ctx.state.projects.values()].some((pr) => ctx.state.may(user, pr, p as Permission)),
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
  const projects = [...ctx.state.projects.values()]
    .filter((p) => ctx.state.may(user, p, "BROWSE_PROJECTS") && ctx.state.may(user, p, needed))
    .sort((a, b) => a.key.localeCompare(b.key));
  json(res, 200, {
    self: `${ctx.base}${url.pathname}${url.search}`,
    maxResults,
    startAt: 0,
    total: projects.length,
    isLast: projects.length <= maxResults,
    values: projects.slice(0, maxResults).map((p) => projectJson(ctx.base, p)),
  });
}

const withIssue = (handle: (call: Call, issue: Issue) => void | Promise<void>) => (call: Call, match: RegExpExecArray) => {
  const issue = visibleIssue(call, decodeURIComponent(match[1]!));
  return issue ? handle(call, issue) : json(call.res, 404, NO_ISSUE);
};

const ROUTES: Route[] = [
  { method: "GET", path: /^\/myself$/, handle: (call) => json(call.res, 200, userJson(call.ctx.base, call.user)) },
  { method: "GET", path: /^\/project\/search$/, handle: projectSearch },
  {
    method: "GET",
    path: /^\/project\/([^/]+)$/,
    handle: (call, match) => {
      const key = decodeURIComponent(match[1]!);
      const project = visibleProject(call, key);
      return project ? json(call.res, 200, projectJson(call.ctx.base, project)) : json(call.res, 404, NO_PROJECT(key));
    },
  },
  { method: "GET", path: /^\/mypermissions$/, handle: myPermissions },
  { method: "POST", path: /^\/issue$/, handle: createIssue },
  {
    method: "GET",
    path: /^\/issue\/([^/]+)$/,
    handle: withIssue((call, issue) => json(call.res, 200, issueJson(call.ctx.base, issue, fieldsOf(call.url)))),
  },
  { method: "PUT", path: /^\/issue\/([^/]+)$/, handle: withIssue(editIssue) },
  { method: "POST", path: /^\/issue\/([^/]+)\/comment$/, handle: withIssue(addComment) },
  {
    method: "GET",
    path: /^\/issue\/([^/]+)\/comment$/,
    handle: withIssue((call, issue) =>
      json(call.res, 200, {
        startAt: 0,
        maxResults: 5000,
        total: issue.comments.length,
        comments: issue.comments.map((c) => commentJson(call.ctx.base, issue, c)),
      }),
    ),
  },
  {
    method: "GET",
    path: /^\/issue\/([^/]+)\/transitions$/,
    handle: withIssue((call, issue) =>
      json(call.res, 200, {
        expand: "transitions",
        transitions: TRANSITIONS.filter((t) => t.to !== issue.status).map((t) => ({
          id: t.id,
          name: t.name,
          to: {
            self: `${call.ctx.base}/rest/api/3/status/${t.to.id}`,
            id: t.to.id,
            name: t.to.name,
            statusCategory: { id: t.to.category.id, key: t.to.category.key, name: t.to.category.name, colorName: t.to.category.colorName },
          },
          hasScreen: false,
          isGlobal: true,
          isInitial: false,
          isAvailable: true,
          isConditional: false,
          isLooped: false,
        })),
      }),
    ),
  },
  { method: "POST", path: /^\/issue\/([^/]+)\/transitions$/, handle: withIssue(transition) },
  { method: "GET", path: /^\/search\/jql$/, handle: search },
  { method: "GET", path: /^\/search$/, handle: (call) => json(call.res, 410, SEARCH_GONE) },
  { method: "POST", path: /^\/search$/, handle: (call) => json(call.res, 410, SEARCH_GONE) },
];

/** The account a request's Basic header proves, or null. */
function accountOf(ctx: JiraContext, req: http.IncomingMessage): User | null {
  const match = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 1 ? null : ctx.state.authenticate(decoded.slice(0, colon), decoded.slice(colon + 1));
}

export async function handleApi(ctx: JiraContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  stamp(res);
  const raw = await readBody(req);
  // Every resource the connection uses needs an account: a missing or wrong pair (a revoked token,
  // a Bearer token, which Jira Cloud takes only from OAuth apps) is Jira's plain-text 401.
  const user = accountOf(ctx, req);
  if (!user)
    return text(res, 401, "Client must be authenticated to access this resource.", {
      "www-authenticate": `OAuth realm="${encodeURIComponent(ctx.base)}"`,
    });
  let window = ctx.windows.get(user.accountId);
  if (!window) ctx.windows.set(user.accountId, (window = { limit: ctx.rateLimit, start: 0, used: 0 }));
  const turn = takeRequest(window, ctx.now());
  if (!turn.ok) return text(res, 429, "Rate limit exceeded.", turn.headers);

  const path = url.pathname.slice("/rest/api/3".length);
  const method = req.method ?? "GET";
  let body: unknown = null;
  if (raw && (method === "POST" || method === "PUT")) {
    if (!(req.headers["content-type"] ?? "").includes("application/json")) return json(res, 415, errors(["Unsupported Media Type"]));
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, errors(["Unexpected character in the request body: it is not valid JSON."]));
    }
  }
  for (const route of ROUTES) {
    const match = route.method === method ? route.path.exec(path) : null;
    if (match) return route.handle({ ctx, req, res, url, user, body }, match);
  }
  json(res, 404, errors(["null for uri: " + url.href]));
}
