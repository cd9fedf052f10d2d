// Repository webhook deliveries as GitHub makes them: a JSON POST with the event's name, a fresh
// delivery GUID, the hook's id and target, and the body's HMAC under the hook's secret, hex, in
// X-Hub-Signature-256 (and the legacy SHA-1 one in X-Hub-Signature). The receiver checks the
// signature over the raw bytes, so the fake signs exactly the bytes it sends.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Hook, Repo } from "./state";

/** `sha256=<hex HMAC-SHA256 of the raw body under the secret>`, what X-Hub-Signature-256 carries. */
export function signGitHubWebhook(rawBody: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

export type Delivery = {
  /** X-GitHub-Delivery. */
  guid: string;
  hookId: number;
  url: string;
  event: string;
  action: string | undefined;
  /** The receiver's status, or null when it could not be reached (then `error`). */
  status: number | null;
  error?: string;
  /** Signed with another secret than the hook's (a forged delivery, for tests). */
  forged: boolean;
  /** Sent again by "Redeliver": the same GUID, headers and bytes as the delivery it repeats. */
  redelivery: boolean;
  payload: Record<string, unknown>;
  /** What was sent, for a redelivery. */
  sent: { headers: Record<string, string>; raw: string };
};

/** GitHub gives a receiver ten seconds to answer before it counts the delivery failed. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Hookshot's User-Agent names a build; a fixed one per fake is enough for a receiver that checks the prefix. */
const USER_AGENT = `GitHub-Hookshot/${randomBytes(4).toString("hex").slice(0, 7)}`;

/** Whether a hook subscribed to `event` (`*` is every event, as at GitHub). */
export const wants = (hook: Hook, event: string) => hook.events.includes("*") || hook.events.includes(event);

/**
 * POSTs one event to one hook. `secret` replaces the hook's (a forged delivery): the signature
 * is then valid for that secret only, so the receiver must refuse it.
 */
export async function deliver(repo: Repo, hook: Hook, event: string, payload: Record<string, unknown>, secret?: string): Promise<Delivery> {
  const raw = JSON.stringify(payload);
  const key = secret ?? hook.secret;
  const record: Delivery = {
    guid: randomUUID(),
    hookId: hook.id,
    url: hook.url,
    event,
    action: typeof payload.action === "string" ? payload.action : undefined,
    status: null,
    forged: secret !== undefined && secret !== hook.secret,
    redelivery: false,
    payload,
    sent: { headers: {}, raw },
  };
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "x-github-event": event,
    "x-github-delivery": record.guid,
    "x-github-hook-id": String(hook.id),
    "x-github-hook-installation-target-type": "repository",
    "x-github-hook-installation-target-id": String(repo.id),
  };
  // A hook without a secret gets unsigned deliveries, as at GitHub.
  if (key) {
    headers["x-hub-signature"] = `sha1=${createHmac("sha1", key).update(raw, "utf8").digest("hex")}`;
    headers["x-hub-signature-256"] = signGitHubWebhook(raw, key);
  }
  record.sent.headers = headers;
  return post(record);
}

async function post(record: Delivery): Promise<Delivery> {
  try {
    const response = await fetch(record.url, {
      method: "POST",
      headers: record.sent.headers,
      body: record.sent.raw,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    record.status = response.status;
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
  }
  return record;
}

/**
 * "Redeliver" on a hook's Recent Deliveries page: the same delivery again, with its GUID
 * (X-GitHub-Delivery), headers and bytes unchanged; what a replayed delivery looks like too.
 */
export function redeliver(original: Delivery): Promise<Delivery> {
  return post({ ...original, status: null, error: undefined, redelivery: true, sent: { ...original.sent } });
}
