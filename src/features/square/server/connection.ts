import "server-only";
import { demoMarkOf } from "@/server/core/demo-services";
import { eq } from "drizzle-orm";
import type { ObtainTokenResponse } from "square";
import type { Actor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { paymentProviderConnections } from "./schema";
import { recordAudit } from "@/features/audit/server";
import { createSquareClient, describeSquareError, SquareApiError, toSquareApiError } from "./client";
import { type SquareConfig, squareConfig } from "./config";
import { type MissingPermission, missingPermissionMessage, missingPermissions, parseScopes, type SquareFeature } from "./permissions";
import { decryptToken, encryptToken } from "./token-crypto";

// The stored Square connection: tokens are decrypted only here, only on the server, and only when
// a Square call needs them. Nothing in this file returns a token to a route's response.

export const PROVIDER = "square";
const DAY_MS = 24 * 60 * 60 * 1000;
/** Access tokens are refreshed when fewer than this many days remain (Square's own advice: 7). */
export const REFRESH_WITHIN_DAYS = 7;

export type SquareConnection = {
  merchantId: string;
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  /** Space separated, as Square's token status reported them; null until first read. */
  scopes: string | null;
  revokedAt: Date | null;
};

export type SquareStatus = (
  | {
      connected: true;
      configured: boolean;
      merchant_id: string;
      expires_in_days: number;
      /** The seller revoked the app at Square (oauth.authorization.revoked): reconnect to use Square again. */
      revoked: boolean;
      /** Each feature whose permissions the token lacks (docs/PRODUCT.md#square-connection). */
      missing_permissions: MissingPermission[];
    }
  | { connected: false; configured: boolean }
) & {
  /** Square is the demo service `npm start` runs (docs/PRODUCT.md#demo-services). */
  demo?: boolean;
};

export const REVOKED_MESSAGE = "Square access was revoked from the Square Dashboard. Reconnect Square to use it again.";

export type IssuedTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date; merchantId: string };

/** Checks an obtainToken answer has what we store; the SDK types every field as optional. */
export function tokensFromResponse(response: ObtainTokenResponse, fallbackMerchantId?: string): IssuedTokens {
  const expiresAt = response.expiresAt ? new Date(response.expiresAt) : null;
  const merchantId = response.merchantId ?? fallbackMerchantId;
  if (!response.accessToken || !merchantId || !expiresAt || Number.isNaN(expiresAt.getTime())) {
    throw new SquareApiError("Square returned an incomplete token response.");
  }
  return { accessToken: response.accessToken, refreshToken: response.refreshToken ?? null, expiresAt, merchantId };
}

export async function loadConnection(db: DbOrTx): Promise<SquareConnection | null> {
  const [row] = await db.select().from(paymentProviderConnections).where(eq(paymentProviderConnections.provider, PROVIDER)).limit(1);
  if (!row) return null;
  return {
    merchantId: row.merchantId,
    accessToken: decryptToken(row.accessTokenEncrypted),
    refreshToken: row.refreshTokenEncrypted ? decryptToken(row.refreshTokenEncrypted) : null,
    expiresAt: row.expiresAt,
    scopes: row.scopes,
    revokedAt: row.revokedAt,
  };
}

/** Stores (or replaces: a reconnect) the connection, tokens encrypted. */
export async function saveConnection(
  db: DbOrTx,
  tokens: IssuedTokens,
  opts: { scopes: string | null; connectedBy: string | null },
): Promise<void> {
  const values = {
    merchantId: tokens.merchantId,
    accessTokenEncrypted: encryptToken(tokens.accessToken),
    refreshTokenEncrypted: tokens.refreshToken ? encryptToken(tokens.refreshToken) : null,
    expiresAt: tokens.expiresAt,
    scopes: opts.scopes,
    revokedAt: null,
  };
  await db
    .insert(paymentProviderConnections)
    .values({ provider: PROVIDER, connectedBy: opts.connectedBy, ...values })
    .onConflictDoUpdate({
      target: paymentProviderConnections.provider,
      set: { ...values, connectedBy: opts.connectedBy, createdAt: new Date(), updatedAt: new Date() },
    });
}

/**
 * The scopes the token really has, as Square reports them (RetrieveTokenStatus): a seller may have
 * authorized an older, smaller set than the build asks for.
 */
export async function readGrantedScopes(config: SquareConfig, accessToken: string): Promise<string[]> {
  try {
    const status = await createSquareClient(config, accessToken).oAuth.retrieveTokenStatus();
    return [...new Set(status.scopes ?? [])].sort();
  } catch (error) {
    throw toSquareApiError(error, "reading the connection's permissions");
  }
}

/** Stores the scopes read from Square on the connection. */
export async function storeGrantedScopes(db: DbOrTx, scopes: string[]): Promise<void> {
  await db
    .update(paymentProviderConnections)
    .set({ scopes: scopes.join(" ") })
    .where(eq(paymentProviderConnections.provider, PROVIDER));
}

/** What a feature lacks on this connection; empty when its scopes are granted or not yet known. */
export function lackingFor(connection: Pick<SquareConnection, "scopes">, feature: SquareFeature): MissingPermission | null {
  return missingPermissions(parseScopes(connection.scopes)).find((m) => m.feature === feature) ?? null;
}

/** Refuses a feature the connection's scopes do not cover, naming the feature and the permission. */
export function requirePermissionsFor(connection: Pick<SquareConnection, "scopes">, feature: SquareFeature): void {
  const lacking = lackingFor(connection, feature);
  if (lacking) throw new SquareApiError(missingPermissionMessage(lacking), 409);
}

export function daysUntil(date: Date, now = new Date()): number {
  return Math.max(0, Math.floor((date.getTime() - now.getTime()) / DAY_MS));
}

function needsRefresh(connection: SquareConnection, now: Date): boolean {
  return connection.expiresAt.getTime() - now.getTime() < REFRESH_WITHIN_DAYS * DAY_MS;
}

/** Exchanges the refresh token for a new access token and stores it. */
export async function refreshConnection(db: Db, config: SquareConfig, connection: SquareConnection): Promise<SquareConnection> {
  if (!connection.refreshToken) throw new SquareApiError("The Square connection has no refresh token. Reconnect Square.");
  let tokens: IssuedTokens;
  try {
    const response = await createSquareClient(config).oAuth.obtainToken({
      clientId: config.applicationId,
      clientSecret: config.applicationSecret,
      grantType: "refresh_token",
      refreshToken: connection.refreshToken,
    });
    tokens = tokensFromResponse(response, connection.merchantId);
  } catch (error) {
    throw toSquareApiError(error, "refreshing the access token");
  }
  // The code flow keeps the same refresh token; PKCE would return a new one.
  const refreshed = { ...tokens, refreshToken: tokens.refreshToken ?? connection.refreshToken };
  await db
    .update(paymentProviderConnections)
    .set({
      accessTokenEncrypted: encryptToken(refreshed.accessToken),
      refreshTokenEncrypted: encryptToken(refreshed.refreshToken),
      expiresAt: refreshed.expiresAt,
    })
    .where(eq(paymentProviderConnections.provider, PROVIDER));
  return { ...connection, ...refreshed };
}

/**
 * The connection with a usable access token, refreshed first when fewer than 7 days remain. A
 * failed refresh of a token that is still valid is logged and the current token used.
 */
export async function usableConnection(db: Db, config: SquareConfig, now = new Date()): Promise<SquareConnection> {
  const connection = await loadConnection(db);
  if (!connection) throw new SquareApiError("Square is not connected. Connect your Square account first.", 409);
  if (connection.revokedAt) throw new SquareApiError(REVOKED_MESSAGE, 409);
  if (!needsRefresh(connection, now)) return connection;
  try {
    return await refreshConnection(db, config, connection);
  } catch (error) {
    if (connection.expiresAt.getTime() > now.getTime()) {
      console.warn("[square] token refresh failed; using the current token until it expires:", describeSquareError(error));
      return connection;
    }
    throw error instanceof SquareApiError && error.statusCode !== 401
      ? error
      : new SquareApiError("The Square connection has expired and could not be renewed. Reconnect Square.", 401);
  }
}

/**
 * What the dashboard card shows (docs/PRODUCT.md#square-connection): never a token. The status call refreshes a token close
 * to expiry; page rendering passes refresh: false so a slow Square never delays the dashboard.
 */
export async function getSquareStatus(
  db: Db,
  { now = new Date(), refresh = true }: { now?: Date; refresh?: boolean } = {},
): Promise<SquareStatus> {
  const config = squareConfig();
  const [row] = await db
    .select({
      merchantId: paymentProviderConnections.merchantId,
      expiresAt: paymentProviderConnections.expiresAt,
      scopes: paymentProviderConnections.scopes,
      revokedAt: paymentProviderConnections.revokedAt,
    })
    .from(paymentProviderConnections)
    .where(eq(paymentProviderConnections.provider, PROVIDER))
    .limit(1);
  if (!config) return { connected: false, configured: false };
  // Said only of the demo Square, so a real deployment's answer stays as it was.
  const demo = demoMarkOf(config.baseUrl) === "service" ? { demo: true } : {};
  if (!row) return { connected: false, configured: true, ...demo };
  let expiresAt = row.expiresAt;
  let at = now;
  if (refresh && !row.revokedAt && expiresAt.getTime() - now.getTime() < REFRESH_WITHIN_DAYS * DAY_MS) {
    try {
      expiresAt = (await usableConnection(db, config, now)).expiresAt;
      // The new token's lifetime counts from when Square issued it, not from before the round trip.
      at = new Date(Math.max(now.getTime(), Date.now()));
    } catch (error) {
      console.warn("[square] status: token refresh failed:", describeSquareError(error));
    }
  }
  return {
    connected: true,
    configured: true,
    merchant_id: row.merchantId,
    expires_in_days: daysUntil(expiresAt, at),
    revoked: row.revokedAt !== null,
    missing_permissions: missingPermissions(parseScopes(row.scopes)),
    ...demo,
  };
}

/**
 * Revokes the authorization at Square (best effort: an unreachable Square must not keep a
 * connection the admin wants gone), then deletes it here, with an audit entry.
 */
export async function disconnectSquare(db: Db, config: SquareConfig, actor: Actor): Promise<{ revoked: boolean; wasConnected: boolean }> {
  const connection = await loadConnection(db);
  if (!connection) return { revoked: false, wasConnected: false };
  let revoked = false;
  try {
    await createSquareClient(config, connection.accessToken).oAuth.revokeToken(
      { clientId: config.applicationId, accessToken: connection.accessToken },
      // Square wants the application secret here, not the bearer token the SDK adds by default.
      { headers: { Authorization: `Client ${config.applicationSecret}` } },
    );
    revoked = true;
  } catch (error) {
    console.warn("[square] revoke failed; deleting the local connection anyway:", describeSquareError(error));
  }
  await db.transaction(async (tx) => {
    await tx.delete(paymentProviderConnections).where(eq(paymentProviderConnections.provider, PROVIDER));
    await recordAudit(tx, {
      actor,
      action: "square.disconnect",
      entityType: "payment_provider_connection",
      entityId: PROVIDER,
      before: { merchantId: connection.merchantId },
      after: { revoked },
    });
  });
  return { revoked, wasConnected: true };
}
