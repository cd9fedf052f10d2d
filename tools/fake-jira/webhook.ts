// Jira Cloud's admin webhooks: a JSON POST per event to each webhook registered for it, signed when
// the webhook has a secret with `X-Hub-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (WebSub's
// form under the older header name, not -256). A first delivery carries no X-Atlassian-Webhook-Retry
// (Jira adds it on retries, which the fake does not make); it is sent on the primary lane.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { JiraContext } from "./context";
import { commentJson, issueJson, userJson } from "./shapes";
import type { Comment, Issue, User } from "./state";

export type WebhookEvent = "jira:issue_created" | "jira:issue_updated" | "comment_created";
export const DEFAULT_EVENTS: WebhookEvent[] = ["jira:issue_created", "jira:issue_updated", "comment_created"];

export type Delivery = {
  /** X-Atlassian-Webhook-Identifier: one per delivery. */
  id: string;
  webhookId: number;
  url: string;
  event: string;
  /** The receiver's status, or null when it did not answer in ten seconds (or could not be reached). */
  status: number | null;
  forged: boolean;
  payload: unknown;
};
export type ChangeItem = {
  field: string;
  fieldtype: string;
  fieldId: string;
  from: string | null;
  fromString: string | null;
  to: string | null;
  toString: string | null;
};

const TIMEOUT_MS = 10_000;

export const sign = (body: string, secret: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

async function post(
  ctx: JiraContext,
  hook: { id: number; url: string },
  event: string,
  body: string,
  signature: string | null,
  forged: boolean,
) {
  const delivery: Delivery = {
    id: randomUUID(),
    webhookId: hook.id,
    url: hook.url,
    event,
    status: null,
    forged,
    payload: JSON.parse(body),
  };
  try {
    const response = await fetch(hook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=UTF-8",
        "user-agent": "Atlassian Webhook HTTP Client",
        "x-atlassian-webhook-identifier": delivery.id,
        "x-atlassian-webhook-flow": "Primary",
        ...(signature ? { "x-hub-signature": signature } : {}),
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    delivery.status = response.status;
    await response.arrayBuffer();
  } catch {
    delivery.status = null;
  }
  ctx.deliveries.push(delivery);
  return delivery;
}

export type EventOptions = {
  /** The changelog's items (jira:issue_updated): what moved, from and to. */
  items?: ChangeItem[];
  /** issue_event_type_name: issue_created, issue_updated, issue_generic (a workflow move), issue_commented. */
  typeName?: string;
  comment?: Comment;
  /** Signs with this secret instead of each webhook's own: what a receiver must refuse. */
  forgedSecret?: string;
};

/** The body Jira sends: the issue as GET issue shows it (for comment_created, its short form) and what changed. */
function payloadOf(ctx: JiraContext, event: WebhookEvent, issue: Issue, user: User, options: EventOptions) {
  const { base } = ctx;
  if (event === "comment_created") {
    return {
      timestamp: ctx.now(),
      webhookEvent: event,
      comment: commentJson(base, issue, options.comment!, { email: false }),
      issue: issueJson(base, issue, ["summary", "issuetype", "project", "priority", "status"], { email: false }),
    };
  }
  return {
    timestamp: ctx.now(),
    webhookEvent: event,
    issue_event_type_name: options.typeName ?? (event === "jira:issue_created" ? "issue_created" : "issue_updated"),
    user: userJson(base, user, { email: false }),
    issue: issueJson(base, issue, null, { email: false }),
    ...(options.items?.length ? { changelog: { id: ctx.state.newChangeId(), items: options.items } } : {}),
    ...(options.comment ? { comment: commentJson(base, issue, options.comment, { email: false }) } : {}),
  };
}

/** Sends the event to every webhook listening for it; the promise is also kept for `flushDeliveries`. */
export function sendEvent(
  ctx: JiraContext,
  event: WebhookEvent,
  issue: Issue,
  user: User,
  options: EventOptions = {},
): Promise<Delivery[]> {
  const body = JSON.stringify(payloadOf(ctx, event, issue, user, options));
  const hooks = ctx.state.webhooks.filter((hook) => hook.events.includes(event));
  const work = Promise.all(
    hooks.map((hook) => {
      const secret = options.forgedSecret ?? hook.secret;
      return post(ctx, hook, event, body, secret ? sign(body, secret) : null, options.forgedSecret !== undefined);
    }),
  );
  ctx.pending.add(work);
  void work.finally(() => ctx.pending.delete(work));
  return work;
}

export const randomSecret = () => randomBytes(24).toString("base64url");
