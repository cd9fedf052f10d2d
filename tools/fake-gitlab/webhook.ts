// Project webhook deliveries as GitLab makes them: a JSON POST naming the event (X-Gitlab-Event),
// the event's and the hook's UUIDs, the instance, and, when the hook has a secret token, that token
// itself in X-Gitlab-Token. GitLab signs nothing: the receiver compares the token, in constant time.
import { randomUUID } from "node:crypto";
import type { Hook } from "./state";

export type Delivery = {
  /** X-Gitlab-Event-UUID. */
  uuid: string;
  /** Idempotency-Key (the same for a retry of the delivery; the fake retries nothing). */
  idempotencyKey: string;
  hookId: number;
  url: string;
  event: string;
  action: string | undefined;
  /** The receiver's status, or null when it could not be reached (then `error`). */
  status: number | null;
  error?: string;
  /** Sent with another token than the hook's (a forged delivery, for tests). */
  forged: boolean;
  payload: Record<string, unknown>;
};

/** GitLab gives a receiver ten seconds to answer before it counts the delivery failed. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** GitLab's User-Agent names its version; a receiver that checks it checks the `GitLab/` prefix. */
export const USER_AGENT = "GitLab/17.11.1-ee";

/**
 * POSTs one event to one hook. `token` replaces the hook's secret token (a forged delivery): the
 * receiver must refuse it.
 */
export async function deliver(
  instance: string,
  hook: Hook,
  event: string,
  payload: Record<string, unknown>,
  token?: string,
): Promise<Delivery> {
  const raw = JSON.stringify(payload);
  const sent = token ?? hook.token;
  const attributes = payload.object_attributes as { action?: unknown } | undefined;
  const record: Delivery = {
    uuid: randomUUID(),
    idempotencyKey: randomUUID(),
    hookId: hook.id,
    url: hook.url,
    event,
    action: typeof attributes?.action === "string" ? attributes.action : undefined,
    status: null,
    forged: token !== undefined && token !== hook.token,
    payload,
  };
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "idempotency-key": record.idempotencyKey,
    "x-gitlab-event": event,
    "x-gitlab-webhook-uuid": hook.uuid,
    "x-gitlab-instance": instance,
    "x-gitlab-event-uuid": record.uuid,
  };
  // A hook without a secret token gets deliveries without the header, as at GitLab.
  if (sent) headers["x-gitlab-token"] = sent;
  try {
    const response = await fetch(hook.url, { method: "POST", headers, body: raw, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    await response.arrayBuffer();
    record.status = response.status;
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
  }
  return record;
}
