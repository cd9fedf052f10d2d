import "server-only";
import { guardedFetchApi } from "@/server/core/outbound/guarded-fetch-api";
import { OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import type { FiledTicket } from "./tracker-client";
import { retryAfterSeconds } from "@/server/core/http/retry-after";
import { TRACKER_WAIT_CAP_SECONDS, TrackerError } from "./tracker-error";

// What the Jira Cloud client (`jira.ts`) and the Jira Data Center one (`jira-dc.ts`) share: the
// guarded request with Jira's refusals in its words and its `Retry-After` handed to the queue, the
// marker label, issue keys, the Done category, and the rights filing needs.

export const DEFAULT_JIRA_ISSUE_TYPE = "Task";
/** What filing, commenting and closing need in the project. */
export const JIRA_PERMISSIONS = ["BROWSE_PROJECTS", "CREATE_ISSUES", "EDIT_ISSUES", "ADD_COMMENTS", "TRANSITION_ISSUES"] as const;

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
    // A 401 is plain text at Jira.
  }
  return new TrackerError(
    `Jira: ${messageOf(body, response.status)}`,
    response.status,
    retryAfterSeconds(response.headers.get("retry-after") ?? undefined, TRACKER_WAIT_CAP_SECONDS),
  );
}

const fetchApi = guardedFetchApi();

/** One request to a Jira site through the guarded fetch: its JSON answer (undefined when empty), or a TrackerError. */
export async function jiraRequest(
  url: URL,
  { method = "GET", authorization, body }: { method?: string; authorization: string; body?: unknown },
): Promise<unknown> {
  const hasBody = body !== undefined && body !== null;
  let response: Response;
  try {
    response = await fetchApi(url, {
      method,
      headers: { Accept: "application/json", Authorization: authorization, ...(hasBody ? { "Content-Type": "application/json" } : {}) },
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    if (error instanceof OutboundRefused) throw new TrackerError(error.message, null);
    throw new TrackerError("Jira could not be reached.", null);
  }
  if (!response.ok) throw await refusal(response);
  const text = response.status === 204 ? "" : await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TrackerError("Jira answered in a way we could not read.", null);
  }
}

/** Any failure that is not Jira's own refusal (an answer of an unexpected shape) said as one. */
export async function jiraCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TrackerError) throw error;
    throw new TrackerError("Jira answered in a way we could not read.", null);
  }
}

export type Transition = { id?: string; to?: { statusCategory?: { key?: string } } };

/**
 * The workflow transition that closes an issue (the first into a status of the Done category) or
 * reopens it (into To Do's category first, else any status not done): Jira has no state field.
 */
export function transitionToward(transitions: Transition[] | undefined, state: FiledTicket["state"], key: string): string {
  const category = (transition: Transition) => transition.to?.statusCategory?.key;
  const list = transitions ?? [];
  const found =
    state === "closed"
      ? list.find((transition) => category(transition) === "done")
      : (list.find((transition) => category(transition) === "new") ?? list.find((transition) => category(transition) !== "done"));
  if (!found?.id)
    throw new TrackerError(`Jira: no transition of ${key} leads to ${state === "closed" ? "a Done" : "an open"} status.`, 400);
  return found.id;
}

export type StatusFields = { status?: { statusCategory?: { key?: string } } } | undefined;
export const stateOf = (fields: StatusFields): FiledTicket["state"] => (fields?.status?.statusCategory?.key === "done" ? "closed" : "open");

/** An issue key as Jira makes them (PROJECT-123): anything else is not sent into a path. */
export function issueKey(key: string): string {
  if (!/^[A-Z][A-Z0-9_]*-\d+$/.test(key)) throw new TrackerError(`Jira: ${key} is not an issue key.`, 400);
  return key;
}

/** Test connection's first question of a project: is the issue type one of its own? */
export function assertIssueType(project: { key: string; issueTypes?: { name?: string }[] }, issueType: string): void {
  const types = (project.issueTypes ?? []).map((type) => type.name ?? "");
  if (!types.some((name) => name.toLowerCase() === issueType.toLowerCase()))
    throw new TrackerError(
      `Jira: ${project.key} has no issue type "${issueType}" (it has ${types.filter(Boolean).join(", ") || "none"}).`,
      400,
    );
}

/** Its second: does the account hold every right filing needs there (Jira's `mypermissions` answer)? */
export function assertPermissions(projectKey: string, granted: { permissions?: Record<string, { havePermission?: boolean }> }): void {
  const missing = JIRA_PERMISSIONS.filter((permission) => !granted.permissions?.[permission]?.havePermission);
  if (missing.length) throw new TrackerError(`Jira: this account lacks ${missing.join(", ")} in ${projectKey}.`, 403);
}
