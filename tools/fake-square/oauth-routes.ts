// The fake's OAuth: the authorize page (Allow / Deny), the token endpoint (authorization_code and
// refresh_token grants) and revocation, with Square's checks.
import type http from "node:http";
import { html, json, readJson, redirect, squareError } from "./http";
import { authorizePage, errorPage } from "./pages";
import type { FakeState } from "./state";

type AuthorizeRequest = { clientId: string; redirectUri: string; state: string; scopes: string[] };

const scopesOf = (url: URL) => (url.searchParams.get("scope") ?? "").split(/[\s+]+/).filter(Boolean);
const requestOf = (url: URL): AuthorizeRequest => ({
  clientId: url.searchParams.get("client_id") ?? "",
  redirectUri: url.searchParams.get("redirect_uri") ?? "",
  state: url.searchParams.get("state") ?? "",
  scopes: scopesOf(url),
});

function decide(state: FakeState, res: http.ServerResponse, decision: string, p: AuthorizeRequest): void {
  if (p.clientId !== state.applicationId || !/^https?:\/\//.test(p.redirectUri))
    return html(res, 400, errorPage("Invalid authorization request."));
  const target = new URL(p.redirectUri);
  if (p.state) target.searchParams.set("state", p.state);
  if (decision !== "allow") {
    target.searchParams.set("error", "access_denied");
    target.searchParams.set("error_description", "user_denied");
    return redirect(res, target.toString());
  }
  target.searchParams.set("code", state.newCode({ redirectUri: p.redirectUri, scopes: p.scopes, expiresAt: Date.now() + 5 * 60 * 1000 }));
  target.searchParams.set("response_type", "code");
  redirect(res, target.toString());
}

function tokenAnswer(res: http.ServerResponse, t: ReturnType<FakeState["issue"]>): void {
  json(res, 200, {
    access_token: t.accessToken,
    token_type: "bearer",
    expires_at: t.expiresAt,
    merchant_id: t.merchantId,
    refresh_token: t.refreshToken,
    short_lived: false,
  });
}

function token(state: FakeState, res: http.ServerResponse, body: Record<string, unknown>): void {
  if (body.client_id !== state.applicationId || body.client_secret !== state.applicationSecret) {
    return squareError(res, 401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "Invalid client_id or client_secret.");
  }
  if (body.grant_type === "authorization_code") {
    const record = typeof body.code === "string" ? state.codes.get(body.code) : undefined;
    if (!record || record.expiresAt < Date.now())
      return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "The authorization code is invalid or expired.", "code");
    state.codes.delete(body.code as string);
    if (body.redirect_uri !== record.redirectUri) {
      return squareError(
        res,
        400,
        "INVALID_REQUEST_ERROR",
        "INVALID_VALUE",
        "redirect_uri must match the authorization request.",
        "redirect_uri",
      );
    }
    // Granted: exactly what the authorize request asked for (and the seller allowed).
    return tokenAnswer(res, state.issue(state.tokenTtlSeconds, undefined, record.scopes));
  }
  if (body.grant_type === "refresh_token") {
    const record = typeof body.refresh_token === "string" ? state.refreshTokens.get(body.refresh_token) : undefined;
    if (!record || record.revoked)
      return squareError(res, 401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "The refresh token is invalid.", "refresh_token");
    // Code flow: Square returns the same refresh token.
    return tokenAnswer(res, state.issue(state.tokenTtlSeconds, body.refresh_token as string, record.scopes));
  }
  squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "Unsupported grant_type.", "grant_type");
}

function revoke(state: FakeState, req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>): void {
  if (req.headers.authorization !== `Client ${state.applicationSecret}`) {
    return squareError(res, 401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "Revoking needs Authorization: Client <application secret>.");
  }
  if (body.client_id !== state.applicationId)
    return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "Unknown client_id.", "client_id");
  const record = typeof body.access_token === "string" ? state.accessTokens.get(body.access_token) : undefined;
  const merchantId = record?.merchantId ?? (typeof body.merchant_id === "string" ? body.merchant_id : undefined);
  if (!merchantId) return squareError(res, 404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "No such token or merchant.");
  // Revokes the whole authorization of that merchant, like Square.
  for (const t of state.accessTokens.values()) if (t.merchantId === merchantId) t.revoked = true;
  if (body.revoke_only_access_token !== true)
    for (const t of state.refreshTokens.values()) if (t.merchantId === merchantId) t.revoked = true;
  json(res, 200, { success: true });
}

/** RetrieveTokenStatus: the bearer token's scopes, expiry, application and merchant. */
function tokenStatus(state: FakeState, req: http.IncomingMessage, res: http.ServerResponse): void {
  const auth = req.headers.authorization ?? "";
  const token = auth.startsWith("Bearer ") ? auth.slice(7) : undefined;
  const status = state.tokenStatus(token);
  if (status !== "ok") {
    const code = status === "expired" ? "ACCESS_TOKEN_EXPIRED" : status === "revoked" ? "ACCESS_TOKEN_REVOKED" : "UNAUTHORIZED";
    return squareError(res, 401, "AUTHENTICATION_ERROR", code, "This request could not be authorized.");
  }
  const record = state.tokenRecord(token)!;
  json(res, 200, {
    scopes: record.scopes,
    expires_at: new Date(record.expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
    client_id: state.applicationId,
    merchant_id: record.merchantId,
  });
}

/** Handles /oauth2/*; false when the path is not one of them. */
export async function handleOAuth(state: FakeState, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
  const method = req.method ?? "GET";
  if (method === "GET" && url.pathname === "/oauth2/authorize") {
    const p = requestOf(url);
    if (p.clientId !== state.applicationId) html(res, 400, errorPage("Unknown client_id."));
    else if (!/^https?:\/\//.test(p.redirectUri)) html(res, 400, errorPage("A redirect_uri (http or https) is required."));
    // ?decision=allow|deny skips the page (scripts); the page's buttons send the same.
    else if (url.searchParams.get("decision")) decide(state, res, url.searchParams.get("decision")!, p);
    else html(res, 200, authorizePage({ ...p, merchantId: state.data.merchantId }));
    return true;
  }
  if (method === "GET" && url.pathname === "/oauth2/authorize/decision") {
    decide(state, res, url.searchParams.get("decision") ?? "deny", requestOf(url));
    return true;
  }
  if (method === "POST" && url.pathname === "/oauth2/token") {
    token(state, res, await readJson(req));
    return true;
  }
  if (method === "POST" && url.pathname === "/oauth2/token/status") {
    tokenStatus(state, req, res);
    return true;
  }
  if (method === "POST" && url.pathname === "/oauth2/revoke") {
    revoke(state, req, res, await readJson(req));
    return true;
  }
  return false;
}
