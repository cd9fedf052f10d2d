import "server-only";
import type { Client, SendRequestOptions } from "jira.js/core";
import {
  addComment,
  createIssue,
  doTransition,
  editIssue,
  getIssue,
  getMyPermissions,
  getProject,
  searchProjects,
  getTransitions,
  searchAndReconsileIssuesUsingJql,
} from "jira.js/cloud";
import { markdownToJira } from "./jira-adf";
import type { JiraCloudCredential } from "./jira-credential";
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
  transitionToward,
} from "./jira-shared";
import type { TicketText } from "./ticket-text";
import type { FiledTicket, TrackerClient } from "./tracker-client";

// Jira Cloud (REST API v3) through its client library, `jira.js`, over a transport of ours: every
// request goes through the guarded fetch (the site is an address a client typed) and nothing is
// retried here; the ticket queue waits what Jira's `Retry-After` asks. Descriptions and comments
// are Atlassian Document Format. Jira has no hidden text, so the ticket's marker is a label.

type JiraTarget = { baseUrl: string; projectKey: string; issueType: string; credential: JiraCloudCredential };

function queryOf(searchParams: Record<string, unknown> | undefined): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(searchParams ?? {})) {
    if (value === undefined || value === null) continue;
    query.set(name, Array.isArray(value) ? value.map(String).join(",") : String(value));
  }
  return query;
}

/** jira.js's transport, through the guarded fetch: Jira's answer (checked by the library's schema where it fits), or a TrackerError. */
function transport({ baseUrl, credential }: Pick<JiraTarget, "baseUrl" | "credential">): Client {
  const authorization = `Basic ${Buffer.from(`${credential.email}:${credential.apiToken}`).toString("base64")}`;
  return {
    async sendRequest<T>(options: SendRequestOptions<T>): Promise<T> {
      const url = new URL(`${baseUrl.replace(/\/+$/, "")}${options.url}`);
      url.search = queryOf(options.searchParams).toString();
      const data = await jiraRequest(url, { method: options.method ?? "GET", authorization, body: options.body });
      if (data === undefined) return undefined as T;
      // A site's own fields and apps add to Jira's answers: what the schema does not know is kept, not refused.
      const parsed = options.schema?.safeParse(data);
      return (parsed?.success ? parsed.data : data) as T;
    },
  };
}

/** The project the account reaches, its issue type, and the rights filing needs: what Test connection checks. */
async function checkJira(client: Client, { projectKey, issueType }: JiraTarget): Promise<{ name: string }> {
  const project = (await getProject(client, { projectIdOrKey: projectKey })) as { key: string; issueTypes?: { name?: string }[] };
  assertIssueType(project, issueType);
  const granted = (await getMyPermissions(client, { projectKey: project.key, permissions: JIRA_PERMISSIONS.join(",") })) as {
    permissions?: Record<string, { havePermission?: boolean }>;
  };
  assertPermissions(project.key, granted);
  return { name: project.key };
}

/** Jira Cloud behind the one shape the queue, the sync and the verdicts use. */
export function jiraClient(target: JiraTarget): TrackerClient {
  const client = transport(target);
  const site = target.baseUrl.replace(/\/+$/, "");
  const filed = (key: string, state: FiledTicket["state"]): FiledTicket => ({ key, url: `${site}/browse/${key}`, state });
  const getState = async (key: string) =>
    stateOf((await getIssue(client, { issueIdOrKey: issueKey(key), fields: ["status"] })).fields as StatusFields);
  const moveTo = async (key: string, state: FiledTicket["state"]) => {
    if ((await getState(key)) === state) return;
    const { transitions } = await getTransitions(client, { issueIdOrKey: issueKey(key) });
    await doTransition(client, { issueIdOrKey: issueKey(key), transition: { id: transitionToward(transitions, state, key) } });
  };
  return {
    check: () => call(() => checkJira(client, target)),
    create: (text: TicketText, labels: string[]) =>
      call(async () => {
        const created = await createIssue(client, {
          fields: {
            project: { key: target.projectKey },
            issuetype: { name: target.issueType },
            summary: text.title.slice(0, 255),
            description: markdownToJira(text.markdown),
            labels: [...labels, jiraMarkerLabel(text.marker)],
          },
        });
        return filed(created.key ?? "", "open");
      }),
    findByMarker: (marker) =>
      call(async () => {
        const found = await searchAndReconsileIssuesUsingJql(client, {
          jql: `project = "${target.projectKey}" AND labels = "${jiraMarkerLabel(marker)}" ORDER BY created ASC`,
          fields: ["status"],
          maxResults: 1,
        });
        const issue = found.issues?.[0];
        return issue?.key ? filed(issue.key, stateOf(issue.fields as StatusFields)) : null;
      }),
    getState: (key) => call(() => getState(key)),
    update: (key, text) =>
      call(async () => {
        await editIssue(client, {
          issueIdOrKey: issueKey(key),
          fields: { summary: text.title.slice(0, 255), description: markdownToJira(text.markdown) },
        });
      }),
    comment: (key, body) =>
      call(async () => {
        await addComment(client, { issueIdOrKey: issueKey(key), body: markdownToJira(body) });
      }),
    // Jira closes and reopens by a workflow transition (`transitionToward`).
    close: (key) => call(() => moveTo(key, "closed")),
    reopen: (key) => call(() => moveTo(key, "open")),
  };
}

/** The projects the account may create issues in, for the Connect form's list (at most 50, by key). */
export async function listJiraProjects({ baseUrl, credential }: Pick<JiraTarget, "baseUrl" | "credential">): Promise<string[]> {
  return call(async () => {
    const page = await searchProjects(transport({ baseUrl, credential }), { action: "create", maxResults: 50, orderBy: "key" });
    return (page.values ?? []).map((project) => project.key).filter((key): key is string => typeof key === "string");
  });
}
