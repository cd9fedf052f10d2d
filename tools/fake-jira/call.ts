// One API request past the account check and the rate window: what a route handler gets, and the
// lookups every route shares (what the caller may see is what exists, for Jira's 404s).
import type http from "node:http";
import type { JiraContext } from "./context";
import { errors } from "./http";
import type { Issue, Project, User } from "./state";

export type Call = {
  ctx: JiraContext;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  /** The account, or null for an anonymous request (which sees no project). */
  user: User | null;
  /** The parsed JSON body of a write; null without one. */
  body: unknown;
  /** The REST API asked: 3 (Jira Cloud, Atlassian documents) or 2 (Jira Data Center, wiki markup text). */
  version: 2 | 3;
};

export const NO_PROJECT = (key: string) => errors([`No project could be found with key '${key}'.`]);
export const NO_ISSUE = errors(["Issue does not exist or you do not have permission to see it."]);

/** The project by key or id if the caller may browse it: Jira answers one it may not as one that does not exist. */
export function visibleProject(call: Call, keyOrId: string): Project | undefined {
  const project = call.ctx.state.findProject(keyOrId);
  return project && call.ctx.state.may(call.user, project, "BROWSE_PROJECTS") ? project : undefined;
}

export function visibleIssue(call: Call, keyOrId: string): Issue | undefined {
  const issue = call.ctx.state.findIssue(keyOrId);
  return issue && call.ctx.state.may(call.user, issue.project, "BROWSE_PROJECTS") ? issue : undefined;
}

/** The `fields` query (repeated or comma-separated), or null when absent. */
export function fieldsOf(url: URL): string[] | null {
  const raw = url.searchParams
    .getAll("fields")
    .flatMap((value) => value.split(","))
    .map((name) => name.trim())
    .filter(Boolean);
  return raw.length ? raw : null;
}

/** The `fields` object of a create or edit body. */
export const fieldsIn = (body: unknown) => {
  const fields = (body as { fields?: unknown } | null)?.fields;
  return fields && typeof fields === "object" && !Array.isArray(fields) ? (fields as Record<string, unknown>) : {};
};
