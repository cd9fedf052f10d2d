// Who calls, as Jira Cloud decides it: `Authorization: Basic base64(e-mail:API token)`. A header
// that proves no account (a wrong pair, a revoked token, a Bearer token, which Jira Cloud takes only
// from OAuth apps, a malformed one) is Jira's plain-text 401 on every path. No header at all is an
// anonymous request: Jira answers it as a visitor who sees no project (every project is private
// here), and refuses with the same 401 what needs an account (the account itself, any write).
import type http from "node:http";
import type { JiraContext } from "./context";
import { text } from "./http";
import type { User } from "./state";

export type Caller = { kind: "account"; user: User } | { kind: "anonymous" } | { kind: "refused" };

export const UNAUTHENTICATED = "Client must be authenticated to access this resource.";

export function callerOf(ctx: JiraContext, req: http.IncomingMessage): Caller {
  const header = req.headers.authorization;
  if (header === undefined || !header.trim()) return { kind: "anonymous" };
  const match = /^basic\s+(\S+)\s*$/i.exec(header);
  if (!match) return { kind: "refused" };
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const user = colon < 1 ? null : ctx.state.authenticate(decoded.slice(0, colon), decoded.slice(colon + 1));
  return user ? { kind: "account", user } : { kind: "refused" };
}

/** Jira Cloud's 401: plain text, with the OAuth challenge its edge sends and Seraph's reason. */
export function unauthenticated(ctx: JiraContext, res: http.ServerResponse, failed: boolean, headers: Record<string, string> = {}): void {
  text(res, 401, UNAUTHENTICATED, {
    "www-authenticate": `OAuth realm="${encodeURIComponent(ctx.base)}"`,
    ...(failed ? { "x-seraph-loginreason": "AUTHENTICATED_FAILED" } : {}),
    ...headers,
  });
}
