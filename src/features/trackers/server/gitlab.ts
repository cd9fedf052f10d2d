import "server-only";
import { Issues, IssueNotes, PersonalAccessTokens, Projects } from "@gitbeaker/rest";
import { createRequesterFn, type FormattedResponse } from "@gitbeaker/requester-utils";
import { guardedFetchApi } from "@/server/core/outbound/guarded-fetch-api";
import { OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import type { TicketText } from "./ticket-text";
import type { FiledTicket, TrackerClient } from "./tracker-client";
import { retryAfterSeconds } from "@/server/core/http/retry-after";
import { TRACKER_WAIT_CAP_SECONDS, TrackerError } from "./tracker-error";

// GitLab (gitlab.com or self-managed) through its client library, `@gitbeaker/rest`, with our own
// request function: every request goes through the guarded fetch (a self-managed GitLab lives at
// an address a client typed), and nothing is retried here. Gitbeaker's own function retries a 429
// ten times in a row; the ticket queue waits what GitLab's `Retry-After` asks instead.

export const GITLAB_URL = "https://gitlab.com";

type GitLabTarget = { baseUrl: string; project: string; token: string };

/** GitLab's refusal in its words: `message` (a text, or the fields' errors), or OAuth's `error_description`. */
function messageOf(body: unknown, status: number): string {
  if (typeof body === "string" && body.trim()) return body.trim().slice(0, 300);
  const b = (body ?? {}) as { message?: unknown; error?: unknown; error_description?: unknown };
  if (typeof b.error_description === "string") return b.error_description;
  if (typeof b.message === "string") return b.message;
  if (b.message && typeof b.message === "object")
    return Object.entries(b.message as Record<string, unknown>)
      .map(([field, errors]) => `${field} ${Array.isArray(errors) ? errors.join(", ") : String(errors)}`)
      .join("; ");
  if (typeof b.error === "string") return b.error;
  return `answered ${status}`;
}

async function refusal(response: Response): Promise<TrackerError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // GitLab's 429 is plain text ("Retry later").
  }
  const retryAfter = retryAfterSeconds(response.headers.get("retry-after") ?? undefined, TRACKER_WAIT_CAP_SECONDS);
  const reset = response.headers.get("ratelimit-reset");
  const wait =
    retryAfter !== null ? retryAfter : response.status === 429 && reset ? Math.max(0, Number(reset) - Math.floor(Date.now() / 1000)) : null;
  return new TrackerError(
    `GitLab: ${messageOf(body, response.status)}`,
    response.status,
    wait !== null && Number.isFinite(wait) ? wait : null,
  );
}

const fetchApi = guardedFetchApi();

/** Gitbeaker's request handler, through the guarded fetch: GitLab's answer, or a TrackerError. */
async function handle(endpoint: string, options: Record<string, unknown> = {}): Promise<FormattedResponse> {
  const prefix = String(options.prefixUrl ?? "");
  const url = new URL(endpoint, prefix.endsWith("/") ? prefix : `${prefix}/`);
  if (typeof options.searchParams === "string") url.search = options.searchParams;
  let response: Response;
  try {
    response = await fetchApi(url, {
      method: String(options.method ?? "GET"),
      headers: options.headers as Record<string, string>,
      body: options.body as string | undefined,
    });
  } catch (error) {
    if (error instanceof OutboundRefused) throw new TrackerError(error.message, null);
    throw new TrackerError("GitLab could not be reached.", null);
  }
  if (!response.ok) throw await refusal(response);
  const headers = Object.fromEntries(response.headers.entries());
  if (response.status === 204) return { body: null, headers, status: response.status };
  const type = response.headers.get("content-type") ?? "";
  const body = type.includes("application/json") ? ((await response.json()) ?? {}) : await response.text();
  return { body, headers, status: response.status };
}

const requesterFn = createRequesterFn((_, options) => Promise.resolve(options), handle);

function resources({ baseUrl, token }: GitLabTarget) {
  const options = { host: baseUrl.replace(/\/+$/, ""), token, requesterFn };
  return {
    projects: new Projects(options),
    issues: new Issues(options),
    notes: new IssueNotes(options),
    tokens: new PersonalAccessTokens(options),
  };
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TrackerError) throw error;
    throw new TrackerError("GitLab answered in a way we could not read.", null);
  }
}

type GitLabIssue = { iid: number; web_url: string; state: string; description?: string | null };
const filed = (issue: GitLabIssue): FiledTicket => ({
  key: String(issue.iid),
  url: issue.web_url,
  state: issue.state === "closed" ? "closed" : "open",
});

/** GitLab's roles by access level: what a refusal names. */
const ROLES: Record<number, string> = {
  5: "Minimal Access",
  10: "Guest",
  15: "Planner",
  20: "Reporter",
  30: "Developer",
  40: "Maintainer",
  50: "Owner",
};
/** Closing another's issue needs Planner (15) or more; Guest may only edit its own. */
const CLOSES_ISSUES = 15;

type GitLabProject = {
  path_with_namespace: string;
  issues_enabled?: boolean;
  permissions?: { project_access?: { access_level?: number } | null; group_access?: { access_level?: number } | null };
};

/**
 * The project the token reaches, with issues on, and a token that may write there: the `api`
 * scope (GitLab tells any token its own scopes) and a role that may close issues. What Test
 * connection checks, so that a read-only token is refused here rather than failing later.
 */
async function checkGitLab(target: GitLabTarget): Promise<{ name: string }> {
  return call(async () => {
    const api = resources(target);
    const project = (await api.projects.show(target.project)) as unknown as GitLabProject;
    if (project.issues_enabled === false) throw new TrackerError(`GitLab: issues are turned off in ${project.path_with_namespace}.`, 403);
    const { scopes } = (await api.tokens.show()) as unknown as { scopes?: string[] };
    if (!scopes?.includes("api"))
      throw new TrackerError(`GitLab: this token's scopes (${(scopes ?? []).join(", ") || "none"}) cannot file issues: it needs api.`, 403);
    const level = Math.max(project.permissions?.project_access?.access_level ?? 0, project.permissions?.group_access?.access_level ?? 0);
    if (level < CLOSES_ISSUES)
      throw new TrackerError(
        `GitLab: this token's role (${ROLES[level] ?? "none"}) in ${project.path_with_namespace} cannot close issues: it needs Planner or more.`,
        403,
      );
    return { name: project.path_with_namespace };
  });
}

/** GitLab behind the one shape the queue, the sync and the verdicts use. */
export function gitlabClient(target: GitLabTarget): TrackerClient {
  const { project } = target;
  const iid = (key: string) => Number(key);
  return {
    check: () => checkGitLab(target),
    create: (text: TicketText, labels: string[]) =>
      call(async () =>
        filed(
          (await resources(target).issues.create(project, text.title, {
            description: text.markdown,
            labels: labels.join(","),
          })) as unknown as GitLabIssue,
        ),
      ),
    // The newest hundred issues, by the hidden marker: GitLab's search splits words and would not
    // match the marker exactly.
    findByMarker: (marker) =>
      call(async () => {
        const list = (await resources(target).issues.all({
          projectId: project,
          orderBy: "created_at",
          sort: "desc",
          perPage: 100,
          // One page: gitbeaker follows `Link: next` through the whole list unless a page is named.
          page: 1,
        })) as unknown as GitLabIssue[];
        const found = list.find((issue) => issue.description?.includes(marker));
        return found ? filed(found) : null;
      }),
    getState: (key) =>
      call(async () => filed((await resources(target).issues.show(iid(key), { projectId: project })) as unknown as GitLabIssue).state),
    update: (key, text) =>
      call(async () => {
        await resources(target).issues.edit(project, iid(key), { title: text.title, description: text.markdown });
      }),
    comment: (key, body) =>
      call(async () => {
        await resources(target).notes.create(project, iid(key), body);
      }),
    close: (key) =>
      call(async () => {
        await resources(target).issues.edit(project, iid(key), { stateEvent: "close" });
      }),
    reopen: (key) =>
      call(async () => {
        await resources(target).issues.edit(project, iid(key), { stateEvent: "reopen" });
      }),
  };
}

/** The projects a token is a member of, for the Connect form's list (at most 100, newest first); a project access token's is its one project. */
export async function listGitLabProjects({ baseUrl, token }: { baseUrl: string; token: string }): Promise<string[]> {
  return call(async () => {
    const projects = (await resources({ baseUrl, token, project: "" }).projects.all({
      membership: true,
      simple: true,
      pagination: "offset",
      perPage: 100,
      // One page: gitbeaker follows `Link: next` through the whole list unless a page is named.
      page: 1,
    })) as unknown as { path_with_namespace: string }[];
    return projects.map((project) => project.path_with_namespace);
  });
}
