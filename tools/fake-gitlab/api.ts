// The REST API's front door, /api/v4, in GitLab's order: the throttle first (Rack::Attack, before
// Rails, for a request whose token it can tie to a user), then the router (a path or method GitLab
// has no route for is 404 `{"error":"404 Not Found"}`, whatever the token), then the endpoint, which
// authenticates when GitLab would (auth.ts). Every answer carries a request id, as GitLab's do.
import type http from "node:http";
import { randomBytes } from "node:crypto";
import type { Call } from "./auth";
import { presentedToken } from "./auth";
import type { GitLabContext } from "./context";
import { json, text } from "./http";
import { listIssues } from "./issue-list";
import { createIssue, showIssue, updateIssue } from "./issue-routes";
import { createNote, listNotes } from "./note-routes";
import { listProjects, showProject } from "./project-routes";
import { takeRequest } from "./rate";
import { showSelfToken } from "./token-routes";

type Route = { method: string; path: RegExp; handle: (call: Call, match: RegExpExecArray) => void | Promise<void> };

// `:id` is a project's id or its URL-encoded full path (acme%2Fplatform): one segment, as at GitLab.
const ROUTES: Route[] = [
  { method: "GET", path: /^\/projects$/, handle: listProjects },
  { method: "GET", path: /^\/projects\/([^/]+)$/, handle: showProject },
  { method: "GET", path: /^\/projects\/([^/]+)\/issues$/, handle: listIssues },
  { method: "POST", path: /^\/projects\/([^/]+)\/issues$/, handle: createIssue },
  { method: "GET", path: /^\/projects\/([^/]+)\/issues\/([^/]+)$/, handle: showIssue },
  { method: "PUT", path: /^\/projects\/([^/]+)\/issues\/([^/]+)$/, handle: updateIssue },
  { method: "GET", path: /^\/projects\/([^/]+)\/issues\/([^/]+)\/notes$/, handle: listNotes },
  { method: "POST", path: /^\/projects\/([^/]+)\/issues\/([^/]+)\/notes$/, handle: createNote },
  { method: "GET", path: /^\/personal_access_tokens\/self$/, handle: showSelfToken },
];

/** GitLab's request ids are 26-character ULIDs; random ones of the alphabet do for a fake. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const requestId = () => [...randomBytes(26)].map((b) => CROCKFORD[b % 32]).join("");

export async function handleApi(ctx: GitLabContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? "GET";
  const id = requestId();
  res.setHeader("x-request-id", id);
  res.setHeader("x-gitlab-meta", JSON.stringify({ correlation_id: id, version: "1" }));

  const presented = presentedToken(req, url);
  const lookup = presented === undefined ? undefined : ctx.state.lookupToken(presented);
  // Rack::Attack throttles a live token's requests before any route or check; its answer is Rack's, plain text.
  if (lookup?.kind === "live") {
    const turn = takeRequest(lookup.token.rate, ctx.now());
    if (!turn.ok) {
      req.resume();
      return text(res, 429, "Retry later\n", turn.headers);
    }
  }

  const path = url.pathname.startsWith("/api/v4/") ? url.pathname.slice("/api/v4".length) : null;
  for (const route of ROUTES) {
    const match = path !== null && route.method === method ? route.path.exec(path) : null;
    if (match) return route.handle({ ctx, req, res, url, method, lookup }, match);
  }
  req.resume();
  json(res, 404, { error: "404 Not Found" });
}
