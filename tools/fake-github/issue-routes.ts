// Issues: create, read, update (title, body, labels, state and state_reason), and comment. In
// GitHub's order of refusals: a repository the token cannot see (404), a permission it lacks
// (403), issues turned off for the repository (410), an unknown issue (404), then the body (400
// when it is not a JSON object, 422 when a field is wrong).
import type { Call } from "./api";
import { repoAccess, type Need } from "./access";
import type { Changes } from "./events";
import { emitCommentCreated, emitIssues } from "./events";
import { ghError, json, paginate, readJsonObject } from "./http";
import { commentJson, issueJson } from "./shapes";
import type { Issue, Repo } from "./state";
import { checkBody, checkEnum, checkLabels, checkTitle, failed, isRefusal, type Refusal } from "./validation";

const ISSUES = /^\/repos\/([^/]+)\/([^/]+)\/issues$/;
const ISSUE = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)$/;
const COMMENTS = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/;
const DOCS = {
  list: "https://docs.github.com/rest/issues/issues#list-repository-issues",
  create: "https://docs.github.com/rest/issues/issues#create-an-issue",
  get: "https://docs.github.com/rest/issues/issues#get-an-issue",
  update: "https://docs.github.com/rest/issues/issues#update-an-issue",
  comment: "https://docs.github.com/rest/issues/comments#create-an-issue-comment",
};
const STATES = ["open", "closed"] as const;
const REASONS = ["completed", "not_planned", "reopened"] as const;

type Target = { repo: Repo; issue?: Issue };

/**
 * The repository (and issue) a path names, once the token may do `need` there; otherwise the
 * refusal is sent and the answer is undefined.
 */
function target(call: Call, match: RegExpExecArray, need: Need, docs: string): Target | undefined {
  const { ctx, req, res, token } = call;
  const refuse = (status: number, message: string, headers?: Record<string, string>) => {
    req.resume();
    ghError(res, status, message, { documentationUrl: docs, headers });
  };
  const repo = ctx.state.repo(`${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`);
  const verdict = repoAccess(token, repo, need);
  if (!verdict.ok) return void refuse(verdict.status, verdict.message, verdict.headers);
  if (!repo!.hasIssues) return void refuse(410, "Issues are disabled for this repo");
  if (match[3] === undefined) return { repo: repo! };
  const issue = repo!.issues.find((i) => i.number === Number(match[3]));
  if (!issue) return void refuse(404, "Not Found");
  return { repo: repo!, issue };
}

/** The JSON object body, or undefined once 400 "Problems parsing JSON" is sent. */
async function body(call: Call, docs: string): Promise<Record<string, unknown> | undefined> {
  const value = await readJsonObject(call.req);
  if (!value) ghError(call.res, 400, "Problems parsing JSON", { documentationUrl: docs });
  return value;
}

function refuse422(call: Call, refusal: Refusal, docs: string): void {
  ghError(call.res, 422, refusal.message, { errors: refusal.errors, documentationUrl: docs });
}

async function createIssue(call: Call, match: RegExpExecArray): Promise<void> {
  const { ctx, res, token } = call;
  const found = target(call, match, "issues:write", DOCS.create);
  if (!found) return;
  const input = await body(call, DOCS.create);
  if (!input) return;
  const title = checkTitle(input.title, true);
  if (isRefusal(title)) return refuse422(call, title, DOCS.create);
  const text = checkBody(input.body, "Issue");
  if (isRefusal(text)) return refuse422(call, text, DOCS.create);
  const labels = checkLabels(input.labels);
  if (isRefusal(labels)) return refuse422(call, labels, DOCS.create);
  const issue = ctx.state.createIssue(found.repo, { title: title!, body: text ?? null, labels: labels ?? [], author: token.actor });
  const answer = issueJson(ctx.base, found.repo, issue);
  json(res, 201, answer, { location: answer.url });
  void emitIssues(ctx, found.repo, issue, "opened", token.actor);
}

async function updateIssue(call: Call, match: RegExpExecArray): Promise<void> {
  const { ctx, res, token } = call;
  const found = target(call, match, "issues:write", DOCS.update);
  if (!found?.issue) return;
  const { repo, issue } = found;
  const input = await body(call, DOCS.update);
  if (!input) return;
  const title = checkTitle(input.title, false);
  if (isRefusal(title)) return refuse422(call, title, DOCS.update);
  const text = checkBody(input.body, "Issue");
  if (isRefusal(text)) return refuse422(call, text, DOCS.update);
  const labels = checkLabels(input.labels);
  if (isRefusal(labels)) return refuse422(call, labels, DOCS.update);
  const state = checkEnum("state", input.state, STATES);
  if (isRefusal(state)) return refuse422(call, state, DOCS.update);
  const reason = checkEnum("state_reason", input.state_reason, REASONS);
  if (isRefusal(reason)) return refuse422(call, reason, DOCS.update);
  // "reopened" is the reason of an open issue; a closed one is completed or not planned.
  const closed = (state ?? issue.state) === "closed";
  if (reason === "reopened" && closed) return refuse422(call, failed("Issue", "state_reason", "invalid"), DOCS.update);

  const changes: Changes = {};
  if (title !== undefined && title !== issue.title) changes.title = { from: issue.title };
  if (text !== undefined && text !== issue.body) changes.body = { from: issue.body };
  if (title !== undefined) issue.title = title;
  if (text !== undefined) issue.body = text;
  if (labels) issue.labels = labels.map((name) => ctx.state.label(repo, name).name);
  const wasState = issue.state;
  if (state && state !== issue.state) ctx.state.setIssueState(issue, state, reason ?? null, token.actor);
  // Closed already: the reason may still change (completed ↔ not planned), without an event.
  else if (closed && reason) issue.stateReason = reason;
  const edited = changes.title !== undefined || changes.body !== undefined;
  if (edited || labels || reason) issue.updatedAt = ctx.now();

  json(res, 200, issueJson(ctx.base, repo, issue));
  if (edited) void emitIssues(ctx, repo, issue, "edited", token.actor, { changes });
  if (issue.state !== wasState) void emitIssues(ctx, repo, issue, issue.state === "closed" ? "closed" : "reopened", token.actor);
}

async function createComment(call: Call, match: RegExpExecArray): Promise<void> {
  const { ctx, res, token } = call;
  const found = target(call, match, "issues:write", DOCS.comment);
  if (!found?.issue) return;
  const input = await body(call, DOCS.comment);
  if (!input) return;
  // A comment's body is required: no body, null or "" is a missing field.
  const text = checkBody(input.body, "IssueComment");
  if (isRefusal(text)) return refuse422(call, text, DOCS.comment);
  if (!text) return refuse422(call, failed("IssueComment", "body", "missing_field"), DOCS.comment);
  const comment = ctx.state.addComment(found.issue, text, token.actor);
  const answer = commentJson(ctx.base, found.repo, found.issue, comment);
  json(res, 201, answer, { location: answer.url });
  void emitCommentCreated(ctx, found.repo, found.issue, comment);
}

/**
 * The repository's issues (GitHub: `state` open by default, or closed or all; `sort` created,
 * updated or comments, newest first unless `direction=asc`; paginated like every list).
 */
function listIssues(call: Call, match: RegExpExecArray): void {
  const { ctx, res, url } = call;
  const found = target(call, match, "issues:read", DOCS.list);
  if (!found) return;
  const state = url.searchParams.get("state") ?? "open";
  if (!["open", "closed", "all"].includes(state)) return refuse422(call, failed("Issue", "state", "invalid"), DOCS.list);
  const sort = url.searchParams.get("sort") ?? "created";
  const asc = url.searchParams.get("direction") === "asc";
  const key = (i: Issue) => (sort === "updated" ? i.updatedAt : sort === "comments" ? i.comments.length : i.createdAt);
  const issues = found.repo.issues
    .filter((i) => state === "all" || i.state === state)
    .sort((a, b) => (asc ? key(a) - key(b) : key(b) - key(a)) || (asc ? a.number - b.number : b.number - a.number));
  const page = paginate(issues, url, ctx.base);
  json(
    res,
    200,
    page.items.map((issue) => issueJson(ctx.base, found.repo, issue)),
    page.link ? { link: page.link } : {},
  );
}

export async function handleIssueRoutes(call: Call): Promise<boolean> {
  const { ctx, method, res, url } = call;
  const path = url.pathname;
  let match = ISSUES.exec(path);
  if (match && method === "POST") return createIssue(call, match).then(() => true);
  if (match && method === "GET") return (listIssues(call, match), true);
  match = ISSUE.exec(path);
  if (match && method === "GET") {
    const found = target(call, match, "issues:read", DOCS.get);
    if (found?.issue) json(res, 200, issueJson(ctx.base, found.repo, found.issue));
    return true;
  }
  if (match && method === "PATCH") return updateIssue(call, match).then(() => true);
  match = COMMENTS.exec(path);
  if (match && method === "POST") return createComment(call, match).then(() => true);
  return false;
}
