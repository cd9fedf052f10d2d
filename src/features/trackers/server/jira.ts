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
import { guardedFetchApi } from "@/server/core/outbound/guarded-fetch-api";
import { OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import { markdownToJira } from "./jira-adf";
import type { TicketText } from "./ticket-text";
import type { FiledTicket, TrackerClient } from "./tracker-client";
import { TrackerError } from "./tracker-error";

// Jira Cloud (REST API v3) through its client library, `jira.js`, over a transport of ours: every
// request goes through the guarded fetch (the site is an address a client typed) and nothing is
// retried here; the ticket queue waits what Jira's `Retry-After` asks. Descriptions and comments
// are Atlassian Document Format. Jira has no hidden text, so the ticket's marker is a label.

type JiraTarget = { baseUrl: string; projectKey: string; issueType: string; credential: JiraCredential };
/** An Atlassian account's e-mail and one of its API tokens: sealed together as one secret. */
export type JiraCredential = { email: string; apiToken: string };

export const DEFAULT_JIRA_ISSUE_TYPE = "Task";
/** What filing, commenting and closing need in the project. */
const PERMISSIONS = ["BROWSE_PROJECTS", "CREATE_ISSUES", "EDIT_ISSUES", "ADD_COMMENTS", "TRANSITION_ISSUES"] as const;

export const sealableJiraCredential = (credential: JiraCredential) => JSON.stringify(credential);

export function jiraCredentialOf(secret: string): JiraCredential {
  try {
    const parsed = JSON.parse(secret) as Partial<JiraCredential>;
    if (typeof parsed.email === "string" && typeof parsed.apiToken === "string") return { email: parsed.email, apiToken: parsed.apiToken };
  } catch {
    // Falls through: not a credential of ours.
  }
  throw new TrackerError("Jira: the stored credential cannot be read. Connect Jira again.", 401);
}

/** The ticket's marker as a Jira label (labels take no spaces; the colon is kept out too). */
export const jiraMarkerLabel = (marker: string) => marker.replace(/[^A-Za-z0-9_-]+/g, "-");

/** Jira's refusal in its words: `errorMessages` and the fields' `errors`, or the text it sent. */
function messageOf(body: unknown, status: number): string {
  if (typeof body === "string") {
    const text = body
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    return text ? text.slice(0, 300) : `answered ${status}`;
  }
  const b = (body ?? {}) as { errorMessages?: unknown; errors?: unknown; message?: unknown };
  const messages = [
    ...(Array.isArray(b.errorMessages) ? b.errorMessages.map(String) : []),
    ...(b.errors && typeof b.errors === "object" ? Object.values(b.errors as Record<string, unknown>).map(String) : []),
  ];
  if (messages.length) return messages.join(" ").slice(0, 300);
  if (typeof b.message === "string") return b.message;
  return `answered ${status}`;
}

async function refusal(response: Response): Promise<TrackerError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A 401 is plain text at Jira Cloud.
  }
  const wait = Number(response.headers.get("retry-after"));
  return new TrackerError(
    `Jira: ${messageOf(body, response.status)}`,
    response.status,
    response.headers.has("retry-after") && Number.isFinite(wait) ? wait : null,
  );
}

const fetchApi = guardedFetchApi();

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
      const hasBody = options.body !== undefined && options.body !== null;
      let response: Response;
      try {
        response = await fetchApi(url, {
          method: options.method ?? "GET",
          headers: { Accept: "application/json", Authorization: authorization, ...(hasBody ? { "Content-Type": "application/json" } : {}) },
          body: hasBody ? JSON.stringify(options.body) : undefined,
        });
      } catch (error) {
        if (error instanceof OutboundRefused) throw new TrackerError(error.message, null);
        throw new TrackerError("Jira could not be reached.", null);
      }
      if (!response.ok) throw await refusal(response);
      const text = response.status === 204 ? "" : await response.text();
      if (!text) return undefined as T;
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        throw new TrackerError("Jira answered in a way we could not read.", null);
      }
      // A site's own fields and apps add to Jira's answers: what the schema does not know is kept, not refused.
      const parsed = options.schema?.safeParse(data);
      return (parsed?.success ? parsed.data : data) as T;
    },
  };
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TrackerError) throw error;
    throw new TrackerError("Jira answered in a way we could not read.", null);
  }
}

type StatusFields = { status?: { statusCategory?: { key?: string } } } | undefined;
const stateOf = (fields: StatusFields): FiledTicket["state"] => (fields?.status?.statusCategory?.key === "done" ? "closed" : "open");

/** An issue key as Jira makes them (PROJECT-123): anything else is not sent into a path. */
function issueKey(key: string): string {
  if (!/^[A-Z][A-Z0-9_]*-\d+$/.test(key)) throw new TrackerError(`Jira: ${key} is not an issue key.`, 400);
  return key;
}

/** The project the account reaches, its issue type, and the rights filing needs: what Test connection checks. */
async function checkJira(client: Client, { projectKey, issueType }: JiraTarget): Promise<{ name: string }> {
  const project = (await getProject(client, { projectIdOrKey: projectKey })) as { key: string; issueTypes?: { name?: string }[] };
  const types = (project.issueTypes ?? []).map((type) => type.name ?? "");
  if (!types.some((name) => name.toLowerCase() === issueType.toLowerCase()))
    throw new TrackerError(
      `Jira: ${project.key} has no issue type "${issueType}" (it has ${types.filter(Boolean).join(", ") || "none"}).`,
      400,
    );
  const granted = (await getMyPermissions(client, { projectKey: project.key, permissions: PERMISSIONS.join(",") })) as {
    permissions?: Record<string, { havePermission?: boolean }>;
  };
  const missing = PERMISSIONS.filter((permission) => !granted.permissions?.[permission]?.havePermission);
  if (missing.length) throw new TrackerError(`Jira: this account lacks ${missing.join(", ")} in ${project.key}.`, 403);
  return { name: project.key };
}

/** Jira Cloud behind the one shape the queue, the sync and the verdicts use. */
export function jiraClient(target: JiraTarget): TrackerClient {
  const client = transport(target);
  const site = target.baseUrl.replace(/\/+$/, "");
  const filed = (key: string, state: FiledTicket["state"]): FiledTicket => ({ key, url: `${site}/browse/${key}`, state });
  const getState = async (key: string) =>
    stateOf((await getIssue(client, { issueIdOrKey: issueKey(key), fields: ["status"] })).fields as StatusFields);
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
    // Jira closes by a workflow transition: the first one that leads to a status of the Done category.
    close: (key) =>
      call(async () => {
        if ((await getState(key)) === "closed") return;
        const { transitions } = await getTransitions(client, { issueIdOrKey: issueKey(key) });
        const done = transitions?.find((transition) => transition.to?.statusCategory?.key === "done");
        if (!done?.id) throw new TrackerError(`Jira: no transition of ${key} leads to a Done status.`, 400);
        await doTransition(client, { issueIdOrKey: issueKey(key), transition: { id: done.id } });
      }),
  };
}

/** The projects the account may create issues in, for the Connect form's list (at most 50, by key). */
export async function listJiraProjects({ baseUrl, credential }: Pick<JiraTarget, "baseUrl" | "credential">): Promise<string[]> {
  return call(async () => {
    const page = await searchProjects(transport({ baseUrl, credential }), { action: "create", maxResults: 50, orderBy: "key" });
    return (page.values ?? []).map((project) => project.key).filter((key): key is string => typeof key === "string");
  });
}
