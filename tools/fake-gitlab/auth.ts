// Who calls, as GitLab's API guard decides it, and the project they reach. A token comes in
// PRIVATE-TOKEN, `Authorization: Bearer` or `?private_token=`. An unknown token is 401 "401
// Unauthorized"; an expired or revoked one is the OAuth-style 401 `invalid_token` with
// WWW-Authenticate; a token without a scope the request accepts is the 403 `insufficient_scope`
// (no WWW-Authenticate there: GitLab's own code notes that rack-oauth2 leaves it out). No token at all
// is an anonymous read, or a 401 for a write.
import type http from "node:http";
import { canSee, type Caller } from "./access";
import type { GitLabContext } from "./context";
import { json } from "./http";
import type { Project, Token, TokenLookup } from "./state";

/** One API request past the throttle and the router: what an endpoint handler gets. */
export type Call = {
  ctx: GitLabContext;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  method: string;
  /** What the presented token is, or undefined when none was presented. */
  lookup: TokenLookup | undefined;
};

export function presentedToken(req: http.IncomingMessage, url: URL): string | undefined {
  const header = req.headers["private-token"];
  if (typeof header === "string" && header.trim()) return header.trim();
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  if (bearer) return bearer;
  return url.searchParams.get("private_token") || undefined;
}

/** Sends a refusal; the unread body is dropped so the client reads the answer, not a reset connection. */
export function refuse(call: Call, status: number, body: unknown, headers?: Record<string, string>): undefined {
  call.req.resume();
  json(call.res, status, body, headers);
  return undefined;
}

export const UNAUTHORIZED = { message: "401 Unauthorized" };
export const FORBIDDEN = { message: "403 Forbidden" };

/** rack-oauth2's Bearer 401, as GitLab answers a token that expired or was revoked. */
function invalidToken(call: Call, description: string): undefined {
  return refuse(
    call,
    401,
    { error: "invalid_token", error_description: description },
    { "www-authenticate": `Bearer realm="Protected by OAuth 2.0", error="invalid_token", error_description="${description}"` },
  );
}

/**
 * The caller, once the token passes: `api` reaches every endpoint, `read_api` only GET. The 403 lists
 * every scope the endpoint registers (GitLab's `scope`; newer versions add more names to it).
 */
function authenticate(call: Call, write: boolean): Caller | undefined {
  const { lookup } = call;
  if (lookup === undefined) return write ? refuse(call, 401, UNAUTHORIZED) : null;
  if (lookup.kind === "unknown") return refuse(call, 401, UNAUTHORIZED);
  if (lookup.kind === "expired") return invalidToken(call, "Token is expired. You can either do re-authorization or token refresh.");
  if (lookup.kind === "revoked") return invalidToken(call, "Token was revoked. You have to re-authorize from the user.");
  const { scopes } = lookup.token;
  if (!(scopes.includes("api") || (!write && scopes.includes("read_api"))))
    return refuse(call, 403, {
      error: "insufficient_scope",
      error_description: "The request requires higher privileges than provided by the access token.",
      scope: "api read_api",
    });
  return lookup.token;
}

/**
 * The caller of the token's own endpoints (GET /personal_access_tokens/self): a live token of any
 * scope, as GitLab allows every scope there, so that any token can read what it is.
 */
export function tokenItself(call: Call): Token | undefined {
  const { lookup } = call;
  if (lookup === undefined || lookup.kind === "unknown") return refuse(call, 401, UNAUTHORIZED);
  if (lookup.kind === "expired") return invalidToken(call, "Token is expired. You can either do re-authorization or token refresh.");
  if (lookup.kind === "revoked") return invalidToken(call, "Token was revoked. You have to re-authorize from the user.");
  return lookup.token;
}

/** The caller of a write (POST, PUT): a live token with `api`; otherwise the refusal is sent. */
export const writer = (call: Call): Token | undefined => authenticate(call, true) ?? undefined;

/** The caller of a read: a live token with `api` or `read_api`, or null (anonymous); undefined once refused. */
export const reader = (call: Call): Caller | undefined => authenticate(call, false);

/** The project `:id` names (its id, or its URL-encoded full path), when the caller sees it; else 404 is sent. */
export function findProject(call: Call, caller: Caller, rawId: string): Project | undefined {
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    id = rawId;
  }
  const project = call.ctx.state.project(id);
  if (!project || !canSee(caller, project)) return refuse(call, 404, { message: "404 Project Not Found" });
  return project;
}
