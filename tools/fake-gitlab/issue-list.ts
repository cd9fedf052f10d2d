// GET /projects/:id/issues: `state` (all by default, opened, closed), `search` in the title and the
// description (`in` narrows it), `labels` (each named one), `iids[]`, `order_by` created_at or
// updated_at, `sort` desc by default; paginated with GitLab's headers. The parameters are checked
// before the token (GitLab resolves the user only when the endpoint first needs it). A project with
// issues off lists none: GitLab's finder drops a project whose issues the caller may not read.
import { canReadIssues } from "./access";
import { type Call, findProject, reader, refuse } from "./auth";
import { json, pageParams, paginate } from "./http";
import { issueJson } from "./shapes";
import type { Issue } from "./state";
import { choice, grapeError, integer, labelsOf } from "./validation";

const STATES = ["opened", "closed", "all"] as const;
// GitLab's list; the fake orders by the first two and takes the others as created_at.
const ORDER_BY = [
  "created_at",
  "updated_at",
  "priority",
  "due_date",
  "relative_position",
  "label_priority",
  "milestone_due",
  "popularity",
  "title",
  "weight",
] as const;
const SORTS = ["asc", "desc"] as const;
const QUOTED = /"[^"]+"/g;

/**
 * GitLab's fuzzy search (Gitlab::SQL::Pattern): the query's words (a quoted phrase is one word) each
 * found, without case, in one column; words shorter than 3 characters are dropped, and a query of
 * only such words must equal the whole column. A column matches when it holds every word; the issue
 * when one of the searched columns does.
 */
export function matchesSearch(issue: Issue, query: string, columns: string | null): boolean {
  const squished = query.trim().replace(/\s+/g, " ").toLowerCase();
  if (!squished) return true;
  const quoted = squished.match(QUOTED) ?? [];
  const rest = quoted.reduce((q, phrase) => q.replace(phrase, ""), squished);
  const words = [...rest.split(" "), ...quoted.map((phrase) => phrase.slice(1, -1))].filter((word) => word.length >= 3);
  const asked = (columns ?? "").split(",").filter((c) => c === "title" || c === "description");
  const searched = asked.length > 0 ? asked : ["title", "description"];
  return searched.some((column) => {
    const value = ((column === "title" ? issue.title : issue.description) ?? "").toLowerCase();
    return words.length > 0 ? words.every((word) => value.includes(word)) : value === squished;
  });
}

export function listIssues(call: Call, match: RegExpExecArray): void {
  const { ctx, res, url } = call;
  const query = (name: string) => url.searchParams.get(name) ?? undefined;
  const errors: string[] = [];
  const state = choice(query("state"), "state", STATES, "all", errors);
  const orderBy = choice(query("order_by"), "order_by", ORDER_BY, "created_at", errors);
  const sort = choice(query("sort"), "sort", SORTS, "desc", errors);
  const iids = url.searchParams.getAll("iids[]").map((v) => integer(v, "iids", errors));
  const page = pageParams(url, errors);
  if (errors.length > 0) return void refuse(call, 400, grapeError(errors));
  const caller = reader(call);
  if (caller === undefined) return;
  const project = findProject(call, caller, match[1]!);
  if (!project) return;

  const labels = labelsOf(query("labels")) ?? [];
  const search = query("search");
  const key = (i: Issue) => (orderBy === "updated_at" ? i.updatedAt : i.createdAt);
  const issues = (canReadIssues(caller, project) ? project.issues : [])
    .filter((i) => state === "all" || i.state === state)
    .filter((i) => iids.length === 0 || iids.includes(i.iid))
    .filter((i) => labels.every((l) => i.labels.some((title) => title.toLowerCase() === l.toLowerCase())))
    .filter((i) => !search || matchesSearch(i, search, query("in") ?? null))
    .sort((a, b) => {
      const order = key(a) - key(b) || a.id - b.id;
      return sort === "asc" ? order : -order;
    });
  const paged = paginate(issues, url, `${ctx.base}${url.pathname}`, page);
  json(
    res,
    200,
    paged.items.map((issue) => issueJson(ctx.base, project, issue)),
    paged.headers,
  );
}
