// The REST API's front door, in GitHub's order: the API version, the token, the primary rate limit,
// the secondary limit for content-creating requests; then the endpoint. Every answer past the token
// carries the token's x-ratelimit-* headers, refusals included, as at GitHub.
import type http from "node:http";
import { randomBytes } from "node:crypto";
import { handleAccountRoutes } from "./account-routes";
import type { GitHubContext } from "./context";
import { ghError } from "./http";
import { handleIssueRoutes } from "./issue-routes";
import { anonymousHeaders, takeContent, takePrimary } from "./rate";
import type { Token } from "./state";

export const API_VERSION = "2022-11-28";
const RATE_DOCS = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api";
const CONTENT_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** One API request past the front door: what an endpoint handler gets. */
export type Call = {
  ctx: GitHubContext;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  method: string;
  token: Token;
};

function setHeaders(res: http.ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** Rate-limit messages name whose limit it is: a user's for personal tokens, an installation's for an app. */
const limitHolder = (token: Token) =>
  token.installationId !== null ? `installation ID ${token.installationId}` : `user ID ${token.actor.id}`;

export async function handleApi(ctx: GitHubContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? "GET";
  const requestId = randomBytes(8).toString("hex").toUpperCase();
  const supportNote = `If you reach out to GitHub Support for help, please include the request ID ${requestId}.`;
  setHeaders(res, {
    "x-github-api-version-selected": API_VERSION,
    "x-github-media-type": "github.v3; format=json",
    "x-github-request-id": requestId,
  });
  // A refusal drops the unread body, so the client reads the answer rather than a reset connection.
  const refuse = (status: number, message: string, options?: Parameters<typeof ghError>[3]) => {
    req.resume();
    ghError(res, status, message, options);
  };

  // A request without the header gets the default version; an unknown one is refused before anything else.
  const version = req.headers["x-github-api-version"];
  if (version !== undefined && String(version) !== API_VERSION)
    return refuse(
      400,
      `The version you specified in the "X-GitHub-Api-Version" request header, "${String(version)}", is not a supported version. ` +
        `The following versions are currently supported: "${API_VERSION}" (most recent).`,
    );

  // Both schemes GitHub takes; the fake needs a token for every endpoint (GitHub lets some public reads go without).
  const authorization = req.headers.authorization ?? "";
  const presented = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (!authorization) return refuse(401, "Requires authentication", { headers: anonymousHeaders(ctx.now()) });
  const token = presented ? ctx.state.liveToken(presented) : undefined;
  if (!token) return refuse(401, "Bad credentials", { headers: anonymousHeaders(ctx.now()) });

  const primary = takePrimary(token.rate, ctx.now());
  setHeaders(res, primary.headers);
  if (token.kind === "classic") res.setHeader("x-oauth-scopes", token.scopes.join(", "));
  if (!primary.ok) return refuse(403, `API rate limit exceeded for ${limitHolder(token)}. ${supportNote}`, { documentationUrl: RATE_DOCS });

  if (CONTENT_METHODS.has(method)) {
    const turn = takeContent(token.writes, ctx.now(), ctx.secondary);
    if (!turn.ok)
      return refuse(
        ctx.secondary.status,
        `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. ${supportNote}`,
        {
          documentationUrl: `${RATE_DOCS}#about-secondary-rate-limits`,
          headers: { "retry-after": String(turn.retryAfterSeconds) },
        },
      );
  }

  const call: Call = { ctx, req, res, url, method, token };
  if (await handleAccountRoutes(call)) return;
  if (await handleIssueRoutes(call)) return;
  // GitHub answers an unknown path, and a known path with a method it does not take, with 404.
  refuse(404, "Not Found");
}
