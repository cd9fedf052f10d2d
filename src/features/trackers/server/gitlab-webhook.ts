import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { TicketChange } from "./github-webhook";

// GitLab's callbacks to a connection (docs/PRODUCT.md#integrations): GitLab does not sign a
// delivery; it sends the webhook's secret token as it was typed, in `X-Gitlab-Token`.

/** Whether the header carries the connection's secret; compared in constant time (as digests, any length). */
export function isValidGitLabToken(header: string | null, secret: string): boolean {
  if (!header) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(header), digest(secret));
}

/** What an `Issue Hook` event says happened to a ticket, when it is one we act on. */
export function gitlabIssueChangeOf(event: string | null, payload: unknown): TicketChange | null {
  if (event !== "Issue Hook") return null;
  const p = (payload ?? {}) as {
    object_kind?: unknown;
    object_attributes?: { iid?: unknown; action?: unknown };
    project?: { path_with_namespace?: unknown };
  };
  if (p.object_kind !== "issue") return null;
  const action = p.object_attributes?.action;
  if ((action !== "close" && action !== "reopen") || typeof p.object_attributes?.iid !== "number") return null;
  if (typeof p.project?.path_with_namespace !== "string") return null;
  return {
    key: String(p.object_attributes.iid),
    change: action === "close" ? "closed" : "reopened",
    repository: p.project.path_with_namespace,
  };
}
