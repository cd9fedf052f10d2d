// Who calls. On REST API v3, as Jira Cloud decides it: `Authorization: Basic base64(e-mail:API
// token)`; a header that proves no account (a wrong pair, a revoked token, a Bearer token, which
// Jira Cloud takes only from OAuth apps, a malformed one) is Jira's plain-text 401 on every path. On
// REST API v2, as Jira Data Center decides it for a personal access token: `Authorization: Bearer
// <token>`; any other header (a wrong, revoked or Cloud token; Basic, which the fake leaves out for
// Data Center) is the REST layer's JSON 401. No header at all is an anonymous request: Jira answers
// it as a visitor who sees no project (every project is private here), and refuses with the same
// 401 what needs an account (the account itself, any write).
import type http from "node:http";
import type { JiraContext } from "./context";
import { json, text } from "./http";
import type { User } from "./state";

export type Caller = { kind: "account"; user: User } | { kind: "anonymous" } | { kind: "refused" };

export const UNAUTHENTICATED = "Client must be authenticated to access this resource.";

export function callerOf(ctx: JiraContext, req: http.IncomingMessage, version: 2 | 3): Caller {
  const header = req.headers.authorization;
  if (header === undefined || !header.trim()) return { kind: "anonymous" };
  if (version === 2) {
    const bearer = /^bearer\s+(\S+)\s*$/i.exec(header);
    const user = bearer ? ctx.state.authenticatePat(bearer[1]!) : null;
    return user ? { kind: "account", user } : { kind: "refused" };
  }
  const match = /^basic\s+(\S+)\s*$/i.exec(header);
  if (!match) return { kind: "refused" };
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const user = colon < 1 ? null : ctx.state.authenticate(decoded.slice(0, colon), decoded.slice(colon + 1));
  return user ? { kind: "account", user } : { kind: "refused" };
}

/** Jira Cloud's 401: plain text, with the OAuth challenge its edge sends and Seraph's reason; Data Center's: the REST layer's JSON status. */
export function unauthenticated(
  ctx: JiraContext,
  res: http.ServerResponse,
  failed: boolean,
  { version = 3, headers = {} }: { version?: 2 | 3; headers?: Record<string, string> } = {},
): void {
  if (version === 2)
    return json(
      res,
      401,
      { message: UNAUTHENTICATED, "status-code": 401 },
      failed ? { "x-seraph-loginreason": "AUTHENTICATED_FAILED", ...headers } : headers,
    );
  text(res, 401, UNAUTHENTICATED, {
    "www-authenticate": `OAuth realm="${encodeURIComponent(ctx.base)}"`,
    ...(failed ? { "x-seraph-loginreason": "AUTHENTICATED_FAILED" } : {}),
    ...headers,
  });
}
