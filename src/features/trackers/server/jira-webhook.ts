import "server-only";
import type { TicketChange } from "./github-webhook";

// Jira's callbacks to a connection (docs/PRODUCT.md#integrations): an admin webhook saved with a
// secret signs each delivery as GitHub does, in WebSub's form, but under the older header name:
// `X-Hub-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (checked with GitHub's check). Jira
// Data Center sends the same `jira:issue_updated` body and, from version 10, signs it the same way
// when the webhook has a secret; an older Data Center cannot sign, so its deliveries are refused
// like forged ones and its tickets are polled by the sync instead.

type JiraPayload = {
  webhookEvent?: unknown;
  issue?: { key?: unknown; fields?: { project?: { key?: unknown }; status?: { statusCategory?: { key?: unknown } } } };
  changelog?: { items?: { field?: unknown; fieldId?: unknown }[] };
};

/**
 * What a `jira:issue_updated` event says happened to a ticket: its status moved into the Done
 * category (closed) or out of it (reopened: acted on only for a ticket we hold as closed).
 */
export function jiraIssueChangeOf(payload: unknown): TicketChange | null {
  const p = (payload ?? {}) as JiraPayload;
  if (p.webhookEvent !== "jira:issue_updated") return null;
  const statusMoved = (p.changelog?.items ?? []).some((item) => item?.fieldId === "status" || item?.field === "status");
  const key = p.issue?.key;
  const project = p.issue?.fields?.project?.key;
  if (!statusMoved || typeof key !== "string" || typeof project !== "string") return null;
  const done = p.issue?.fields?.status?.statusCategory?.key === "done";
  return { key, change: done ? "closed" : "reopened", repository: project };
}
