// The enhanced JQL search (`/search/jql`, GET or POST), the only issue search Jira Cloud still has:
// token pagination (`nextPageToken`, `isLast`, no total), ids only unless `fields` asks for more,
// and pages of at most 100 issues with fields or 5,000 with ids or keys only, as Atlassian
// documents it. The old `/search` answers 410 with Atlassian's migration message on v3; on v2 it is
// Jira Data Center's search: `startAt` pages with a `total`, navigable fields unless told.
import { type Call, fieldsOf, visibleIssue, visibleProject } from "./call";
import { errors, json } from "./http";
import { parseJql } from "./jql";
import { issueJson } from "./shapes";
import type { Issue } from "./state";

export const SEARCH_GONE = errors([
  "The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046",
]);

const DEFAULT_PAGE = 50;

// An opaque token to the caller; to the fake, the offset of the next page.
const tokenOf = (offset: number) => Buffer.from(`fake-jira:${offset}`).toString("base64url");
function offsetOf(token: string): number | null {
  const match = /^fake-jira:(\d+)$/.exec(Buffer.from(token, "base64url").toString("utf8"));
  return match ? Number(match[1]) : null;
}

type SearchInput = { jql: string; fields: string[] | null; maxResults: number | null; nextPageToken: string | null };

function inputOf(call: Call): SearchInput {
  if (call.req.method === "POST") {
    const body = (call.body ?? {}) as { jql?: unknown; fields?: unknown; maxResults?: unknown; nextPageToken?: unknown };
    return {
      jql: typeof body.jql === "string" ? body.jql : "",
      fields: Array.isArray(body.fields) && body.fields.length ? body.fields.map(String) : null,
      maxResults: typeof body.maxResults === "number" ? body.maxResults : null,
      nextPageToken: typeof body.nextPageToken === "string" ? body.nextPageToken : null,
    };
  }
  const params = call.url.searchParams;
  return {
    jql: params.get("jql") ?? "",
    fields: fieldsOf(call.url),
    maxResults: params.has("maxResults") ? Number(params.get("maxResults")) : null,
    nextPageToken: params.get("nextPageToken"),
  };
}

/** The issues a JQL query finds for the caller, in its order; or Jira's 400 for the query, already sent. */
function matching(call: Call, jql: string): Issue[] | null {
  const { ctx, res } = call;
  const query = parseJql(jql);
  if ("error" in query) return (json(res, 400, errors([query.error])), null);
  // Values the caller cannot see are, to Jira, values that do not exist.
  for (const clause of query.clauses)
    for (const value of clause.values) {
      if (clause.field === "project" && !visibleProject(call, value))
        return (json(res, 400, errors([`The value '${value}' does not exist for the field 'project'.`])), null);
      if (clause.field === "key" && !visibleIssue(call, value))
        return (json(res, 400, errors([`An issue with key '${value}' does not exist for field 'key'.`])), null);
    }
  return [...ctx.state.issues.values()]
    .filter((issue) => ctx.state.may(call.user, issue.project, "BROWSE_PROJECTS"))
    .filter((issue) =>
      query.clauses.every((clause) =>
        clause.field === "project"
          ? clause.values.some((v) => ctx.state.findProject(v) === issue.project)
          : clause.field === "key"
            ? clause.values.some((v) => ctx.state.findIssue(v) === issue)
            : clause.values.some((label) => issue.labels.includes(label)),
      ),
    )
    .sort((a, b) => (query.order === "ASC" ? 1 : -1) * (a.created - b.created || Number(a.id) - Number(b.id)));
}

export function searchJql(call: Call): void {
  const { ctx, res } = call;
  const input = inputOf(call);
  const offset = input.nextPageToken === null ? 0 : offsetOf(input.nextPageToken);
  const matches = matching(call, input.jql);
  if (!matches) return;
  if (offset === null) return json(res, 400, errors(["The nextPageToken is invalid."]));
  const idsOnly = input.fields === null || input.fields.every((f) => f === "id" || f === "key");
  const cap = idsOnly ? 5000 : 100;
  const maxResults = Math.min(cap, input.maxResults && input.maxResults > 0 ? Math.floor(input.maxResults) : DEFAULT_PAGE);
  const page = matches.slice(offset, offset + maxResults);
  const isLast = offset + maxResults >= matches.length;
  json(res, 200, {
    issues: page.map((issue) => (input.fields === null ? { id: issue.id } : issueJson(ctx.base, issue, input.fields))),
    isLast,
    ...(isLast ? {} : { nextPageToken: tokenOf(offset + maxResults) }),
  });
}

/** Jira Data Center's `/rest/api/2/search` (GET, or POST with the same names in a body): `startAt` pages of at most 1,000, with the total. */
export function searchV2(call: Call): void {
  const { ctx, res } = call;
  const post = (call.req.method === "POST" ? (call.body ?? {}) : {}) as {
    jql?: unknown;
    fields?: unknown;
    startAt?: unknown;
    maxResults?: unknown;
  };
  const params = call.url.searchParams;
  const jql = call.req.method === "POST" ? (typeof post.jql === "string" ? post.jql : "") : (params.get("jql") ?? "");
  const fields = call.req.method === "POST" ? (Array.isArray(post.fields) ? post.fields.map(String) : null) : fieldsOf(call.url);
  const startAt = Math.max(0, Number(call.req.method === "POST" ? post.startAt : params.get("startAt")) || 0);
  const asked = Number(call.req.method === "POST" ? post.maxResults : params.get("maxResults"));
  const maxResults = Math.min(1000, asked > 0 ? Math.floor(asked) : DEFAULT_PAGE);
  const matches = matching(call, jql);
  if (!matches) return;
  json(res, 200, {
    expand: "schema,names",
    startAt,
    maxResults,
    total: matches.length,
    // The search's default is the navigable fields: every field the fake keeps.
    issues: matches.slice(startAt, startAt + maxResults).map((issue) => issueJson(ctx.base, issue, fields ?? ["*navigable"])),
  });
}
