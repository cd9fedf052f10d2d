import "server-only";
import type { JiraDataCenterCredential } from "./jira-credential";
import {
  assertIssueType,
  assertPermissions,
  issueKey,
  JIRA_PERMISSIONS,
  jiraCall as call,
  jiraMarkerLabel,
  jiraRequest,
  stateOf,
  type StatusFields,
  type Transition,
  transitionToward,
} from "./jira-shared";
import { markdownToWiki } from "./jira-wiki";
import type { TicketText } from "./ticket-text";
import type { FiledTicket, TrackerClient } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// Jira Data Center (self-managed Jira, REST API v2) with a personal access token as a Bearer token.
// jira.js 6 speaks only to Jira Cloud, so this is a small client of ours over the same guarded
// request as the Cloud one (no retries here; Jira's `Retry-After` goes to the queue). Descriptions
// and comments are wiki markup; the marker is a label found by JQL through the v2 search, which
// Data Center still has.

type JiraDataCenterTarget = { baseUrl: string; projectKey: string; issueType: string; credential: JiraDataCenterCredential };

type Issue = { key?: string; fields?: StatusFields };

/** A request to the site's REST API v2 as the token's owner: its JSON answer, or Jira's refusal as a TrackerError. */
function api({ baseUrl, credential }: Pick<JiraDataCenterTarget, "baseUrl" | "credential">) {
  const site = baseUrl.replace(/\/+$/, "");
  const authorization = `Bearer ${credential.pat}`;
  return async <T>(method: string, path: string, { query, body }: { query?: Record<string, string>; body?: unknown } = {}) => {
    const url = new URL(`${site}/rest/api/2${path}`);
    url.search = new URLSearchParams(query ?? {}).toString();
    return (await jiraRequest(url, { method, authorization, body })) as T;
  };
}

/** The project the token's owner reaches, its issue type, and the rights filing needs: what Test connection checks. */
async function checkJiraDataCenter(request: ReturnType<typeof api>, { projectKey, issueType }: JiraDataCenterTarget) {
  const project = await request<{ key: string; issueTypes?: { name?: string }[] }>("GET", `/project/${encodeURIComponent(projectKey)}`);
  assertIssueType(project, issueType);
  const granted = await request<{ permissions?: Record<string, { havePermission?: boolean }> }>("GET", "/mypermissions", {
    query: { projectKey: project.key, permissions: JIRA_PERMISSIONS.join(",") },
  });
  assertPermissions(project.key, granted);
  return { name: project.key };
}

/** Jira Data Center behind the one shape the queue, the sync and the verdicts use. */
export function jiraDataCenterClient(target: JiraDataCenterTarget): TrackerClient {
  const request = api(target);
  const site = target.baseUrl.replace(/\/+$/, "");
  const filed = (key: string, state: FiledTicket["state"]): FiledTicket => ({ key, url: `${site}/browse/${key}`, state });
  const issuePath = (key: string) => `/issue/${issueKey(key)}`;
  const getState = async (key: string) => stateOf((await request<Issue>("GET", issuePath(key), { query: { fields: "status" } })).fields);
  const moveTo = async (key: string, state: FiledTicket["state"]) => {
    if ((await getState(key)) === state) return;
    const { transitions } = await request<{ transitions?: Transition[] }>("GET", `${issuePath(key)}/transitions`);
    await request("POST", `${issuePath(key)}/transitions`, { body: { transition: { id: transitionToward(transitions, state, key) } } });
  };
  return {
    check: () => call(() => checkJiraDataCenter(request, target)),
    create: (text: TicketText, labels: string[]) =>
      call(async () => {
        const created = await request<{ key?: string }>("POST", "/issue", {
          body: {
            fields: {
              project: { key: target.projectKey },
              issuetype: { name: target.issueType },
              summary: text.title.slice(0, 255),
              description: markdownToWiki(text.markdown),
              labels: [...labels, jiraMarkerLabel(text.marker)],
            },
          },
        });
        if (!created?.key) throw new TrackerError("Jira answered in a way we could not read.", null);
        return filed(created.key, "open");
      }),
    findByMarker: (marker) =>
      call(async () => {
        const found = await request<{ issues?: Issue[] }>("GET", "/search", {
          query: {
            jql: `project = "${target.projectKey}" AND labels = "${jiraMarkerLabel(marker)}" ORDER BY created ASC`,
            fields: "status",
            maxResults: "1",
          },
        });
        const issue = found?.issues?.[0];
        return issue?.key ? filed(issue.key, stateOf(issue.fields)) : null;
      }),
    getState: (key) => call(() => getState(key)),
    update: (key, text) =>
      call(async () => {
        await request("PUT", issuePath(key), {
          body: { fields: { summary: text.title.slice(0, 255), description: markdownToWiki(text.markdown) } },
        });
      }),
    comment: (key, body) =>
      call(async () => {
        await request("POST", `${issuePath(key)}/comment`, { body: { body: markdownToWiki(body) } });
      }),
    // Closed and reopened by a workflow transition (`transitionToward`).
    close: (key) => call(() => moveTo(key, "closed")),
    reopen: (key) => call(() => moveTo(key, "open")),
  };
}

/**
 * The projects the token's owner can see, for the Connect form's list (at most 50, by key). Data
 * Center's project list has no "may create issues" filter; Test connection checks that right.
 */
export async function listJiraDataCenterProjects(target: Pick<JiraDataCenterTarget, "baseUrl" | "credential">): Promise<string[]> {
  return call(async () => {
    const projects = await api(target)<{ key?: unknown }[]>("GET", "/project");
    if (!Array.isArray(projects)) throw new TrackerError("Jira answered in a way we could not read.", null);
    return projects
      .map((project) => project.key)
      .filter((key): key is string => typeof key === "string")
      .sort()
      .slice(0, 50);
  });
}
