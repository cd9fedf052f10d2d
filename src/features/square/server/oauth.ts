import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { AdminActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { paymentProviderConnections, squareOauthStates } from "./schema";
import { recordAudit } from "@/features/audit/server";
import { createSquareClient, describeSquareError, toSquareApiError } from "./client";
import { oauthRedirectUri, type SquareConfig } from "./config";
import { PROVIDER, readGrantedScopes, saveConnection, tokensFromResponse } from "./connection";
import { SQUARE_SCOPES } from "./permissions";

// The "Connect Square" flow (code flow with the application secret, server side only):
// start → Square's authorize page → callback with code and state → token exchange → stored.

const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Reasons sent back to the dashboard as oauth_status=error&message=<reason>: ours, or Square's own
 * error code (access_denied, …) when it looks like one.
 */
export type OAuthFailure = "access_denied" | "invalid_state" | "missing_code" | "token_exchange_failed" | "unknown_error" | (string & {});

export class OAuthFlowError extends Error {
  constructor(readonly reason: OAuthFailure) {
    super(reason);
    this.name = "OAuthFlowError";
  }
}

const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");

/**
 * Creates a one-time state bound to this admin and this session, and returns the authorize URL
 * with every scope of the permissions table (permissions.ts) and an explicit redirect_uri.
 */
export async function startSquareAuthorization(
  db: Db,
  config: SquareConfig,
  actor: AdminActor,
  sessionId: string,
  now = new Date(),
): Promise<string> {
  const state = randomBytes(32).toString("base64url");
  const redirectUri = oauthRedirectUri();
  // Abandoned flows leave rows behind: clear the expired ones while we are here.
  await db.delete(squareOauthStates).where(lt(squareOauthStates.expiresAt, now));
  await db.insert(squareOauthStates).values({
    stateHash: hashState(state),
    userId: actor.userId,
    sessionId,
    redirectUri,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = new URL(`${config.baseUrl}/oauth2/authorize`);
  url.searchParams.set("client_id", config.applicationId);
  url.searchParams.set("scope", SQUARE_SCOPES.join(" "));
  url.searchParams.set("session", "false");
  url.searchParams.set("state", state);
  url.searchParams.set("redirect_uri", redirectUri);
  return url.toString();
}

/**
 * Uses up the state (whatever happens next, it cannot be replayed) and checks it belongs to this
 * admin's session and has not expired.
 */
async function consumeState(db: Db, state: string, actor: AdminActor, sessionId: string, now: Date): Promise<{ redirectUri: string }> {
  const [row] = await db
    .delete(squareOauthStates)
    .where(eq(squareOauthStates.stateHash, hashState(state)))
    .returning();
  if (!row || row.expiresAt.getTime() < now.getTime() || row.userId !== actor.userId || row.sessionId !== sessionId) {
    throw new OAuthFlowError("invalid_state");
  }
  return { redirectUri: row.redirectUri };
}

/** The callback's state as far as it can be judged without the database: present and not absurdly long. */
export function callbackState(params: URLSearchParams): string {
  const state = params.get("state");
  if (!state || state.length > 200) throw new OAuthFlowError("invalid_state");
  return state;
}

/** Square's error codes are passed on only when they look like one (they end up in a URL shown to the admin). */
function squareReason(error: string): OAuthFailure {
  return /^[a-z_]{1,64}$/.test(error) ? error : "unknown_error";
}

/** Handles the callback's query: checks the state, exchanges the code, stores the connection. */
export async function completeSquareAuthorization(
  db: Db,
  config: SquareConfig,
  actor: AdminActor,
  sessionId: string,
  params: URLSearchParams,
  now = new Date(),
): Promise<{ merchantId: string }> {
  const { redirectUri } = await consumeState(db, callbackState(params), actor, sessionId, now);
  const error = params.get("error");
  if (error) throw new OAuthFlowError(squareReason(error));
  const code = params.get("code");
  if (!code || code.length > 512) throw new OAuthFlowError("missing_code");

  let tokens;
  try {
    const response = await createSquareClient(config).oAuth.obtainToken({
      clientId: config.applicationId,
      clientSecret: config.applicationSecret,
      code,
      // Must equal the authorize request's redirect_uri, or Square answers 400.
      redirectUri,
      grantType: "authorization_code",
    });
    tokens = tokensFromResponse(response);
  } catch (cause) {
    console.warn("[square] token exchange failed:", describeSquareError(toSquareApiError(cause, "exchanging the code")));
    throw new OAuthFlowError("token_exchange_failed");
  }
  // What the seller granted, not what we asked for: the dashboard names what is missing. Unknown
  // (null) when Square does not answer; the next sync reads it again.
  const granted = await readGrantedScopes(config, tokens.accessToken).catch((cause) => {
    console.warn("[square] token status failed:", describeSquareError(cause));
    return null;
  });

  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ merchantId: paymentProviderConnections.merchantId })
      .from(paymentProviderConnections)
      .where(eq(paymentProviderConnections.provider, PROVIDER));
    await saveConnection(tx, tokens, { scopes: granted ? granted.join(" ") : null, connectedBy: actor.userId });
    await recordAudit(tx, {
      actor,
      action: before ? "square.reconnect" : "square.connect",
      entityType: "payment_provider_connection",
      entityId: PROVIDER,
      before: before ?? null,
      after: { merchantId: tokens.merchantId, expiresAt: tokens.expiresAt.toISOString() },
    });
  });
  return { merchantId: tokens.merchantId };
}
