import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

// GitHub's callbacks to a connection (docs/PRODUCT.md#integrations): each delivery is signed with
// the connection's webhook secret, `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`.

/** Whether the raw body was signed with the secret; compared in constant time. */
export function isValidGitHubSignature(rawBody: string, header: string | null, secret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

/** A ticket closed or reopened in its tracker: its key, and the repository or project it is in. */
export type TicketChange = { key: string; change: "closed" | "reopened"; repository: string };

/** What an `issues` event says happened to a ticket, when it is one we act on. */
export function issueChangeOf(event: string | null, payload: unknown): TicketChange | null {
  if (event !== "issues") return null;
  const p = (payload ?? {}) as { action?: unknown; issue?: { number?: unknown }; repository?: { full_name?: unknown } };
  if ((p.action !== "closed" && p.action !== "reopened") || typeof p.issue?.number !== "number") return null;
  if (typeof p.repository?.full_name !== "string") return null;
  return { key: String(p.issue.number), change: p.action, repository: p.repository.full_name };
}
