// Jira Cloud's admin webhooks: a JSON POST per event to each webhook registered for it, signed when
// the webhook has a secret with `X-Hub-Signature: sha256=<hex HMAC-SHA256 of the raw body>`.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { JiraContext } from "./context";
import { issueJson, userJson } from "./shapes";
import type { Issue, User } from "./state";

export type Delivery = { id: string; url: string; event: string; status: number | null; forged: boolean; payload: unknown };
export type ChangeItem = {
  field: string;
  fieldtype: string;
  fieldId: string;
  from: string | null;
  fromString: string | null;
  to: string | null;
  toString: string | null;
};

function sign(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

async function post(
  ctx: JiraContext,
  url: string,
  event: string,
  body: string,
  signature: string | null,
  forged: boolean,
): Promise<Delivery> {
  const id = randomUUID();
  const delivery: Delivery = { id, url, event, status: null, forged, payload: JSON.parse(body) };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Atlassian Webhook HTTP Client",
        "x-atlassian-webhook-identifier": String(Math.floor(Math.random() * 1e9)),
        "x-atlassian-webhook-retry": "0",
        ...(signature ? { "x-hub-signature": signature } : {}),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    delivery.status = response.status;
    await response.arrayBuffer();
  } catch {
    delivery.status = null;
  }
  ctx.deliveries.push(delivery);
  return delivery;
}

/** Sends the event to every webhook listening for it; the returned promise is also kept for `flushDeliveries`. */
export function sendEvent(
  ctx: JiraContext,
  event: "jira:issue_created" | "jira:issue_updated" | "comment_created",
  issue: Issue,
  user: User,
  items: ChangeItem[] = [],
  options: { forgedSecret?: string } = {},
): Promise<Delivery[]> {
  const payload = {
    timestamp: ctx.now(),
    webhookEvent: event,
    issue_event_type_name: event === "jira:issue_created" ? "issue_created" : "issue_generic",
    user: userJson(ctx.base, user),
    issue: issueJson(ctx.base, issue),
    ...(items.length ? { changelog: { id: String(Math.floor(Math.random() * 1e6)), items } } : {}),
  };
  const body = JSON.stringify(payload);
  const hooks = ctx.state.webhooks.filter((hook) => hook.events.includes(event));
  const work = Promise.all(
    hooks.map((hook) => {
      const secret = options.forgedSecret ?? hook.secret;
      return post(ctx, hook.url, event, body, secret ? sign(body, secret) : null, options.forgedSecret !== undefined);
    }),
  );
  ctx.pending.add(work);
  void work.finally(() => ctx.pending.delete(work));
  return work;
}

export const randomSecret = () => randomBytes(24).toString("base64url");
