import "server-only";
import { eq } from "drizzle-orm";
import type { ApiScope } from "@/lib/domain/api-scope";
import type { ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { apiTokens } from "./schema";
import { AppError } from "@/server/core/errors";
import { rateLimitSubject } from "@/server/core/client-address";
import { hitRateLimit, type RateRule } from "@/server/core/rate-limit";
import { recordAudit } from "@/features/audit/server";
import { hashTokenSecret, looksLikeTokenSecret } from "./token-secret";
import { companyFacts, isActiveOwnerSql } from "@/features/clients/server";

/**
 * Who calls the API: the token, and the company it acts for as a member of it would. `makerIsOwner`:
 * the person who made it is an active owner of the company now (its owner-rights scopes need it).
 */
export type ApiCaller = { token: { id: string; name: string; scopes: ApiScope[]; makerIsOwner: boolean }; actor: ClientActor };

export const TOKEN_MISSING = "Send your API token in the Authorization header: Bearer sai_pat_…";
export const TOKEN_INVALID = "This API token is not valid: it may have expired or been revoked.";

/** Failed authentications per client address: a scan for tokens gets slow, a person's typo does not. */
const FAILED_AUTH_RULE: RateRule = { windowSeconds: 60, max: 30 };

const unauthorized = (message: string) =>
  new AppError("unauthorized", message, { headers: { "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"' } });

async function refuse(db: DbOrTx, address: string, message: string): Promise<never> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, `api:auth-fail:${rateLimitSubject(address)}`, FAILED_AUTH_RULE);
  if (!allowed)
    throw new AppError("rate_limited", "Too many requests with tokens that are not valid. Wait a minute and try again.", {
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  throw unauthorized(message);
}

/**
 * The caller of an API request from its bearer token (docs/PRODUCT.md#api-and-webhooks): a live
 * token of an active company, or a 401. Cookies are never read: a browser's session cannot call
 * the API, and a token cannot open a screen.
 */
export async function authenticateApiToken(
  db: DbOrTx,
  { authorization, address }: { authorization: string | null; address: string },
): Promise<ApiCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) return refuse(db, address, TOKEN_MISSING);
  const secret = match[1]!;
  if (!looksLikeTokenSecret(secret)) return refuse(db, address, TOKEN_INVALID);
  const company = companyFacts(db);
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      clientId: company.clientId,
      company: company.company,
      clientStatus: company.status,
      billingWithheld: company.billingWithheld,
      reportsWithheld: company.reportsWithheld,
      findingsWithheld: company.findingsWithheld,
      // Read with the token at each request: a maker demoted or removed since takes the owner's rights with them.
      makerIsOwner: isActiveOwnerSql(apiTokens.createdByUserId, apiTokens.clientId),
    })
    .from(apiTokens)
    .innerJoin(company, eq(company.clientId, apiTokens.clientId))
    .where(eq(apiTokens.secretHash, hashTokenSecret(secret)))
    .limit(1);
  const now = new Date();
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now) || row.clientStatus !== "active")
    return refuse(db, address, TOKEN_INVALID);

  return {
    token: { id: row.id, name: row.name, scopes: row.scopes as ApiScope[], makerIsOwner: row.makerIsOwner === true },
    // The company as one of its members sees it: no person's own rights, Billing withheld if the
    // owners withheld it from members. Not a user: nothing the API reads records a person.
    actor: {
      role: "client",
      userId: `api-token:${row.id}`,
      email: "",
      name: `API token "${row.name}"`,
      clientId: row.clientId,
      company: row.company,
      personRole: "member",
      billingWithheld: row.billingWithheld,
      reportsWithheld: row.reportsWithheld,
      findingsWithheld: row.findingsWithheld,
      machine: { kind: "api-token", id: row.id, name: row.name },
    },
  };
}

/**
 * A use of the token, once it was answered (a refused request changes nothing, like any other):
 * stamped on the token (time, address) and written to the company's audit trail.
 */
export async function recordTokenUse(
  db: DbOrTx,
  caller: ApiCaller,
  { address, method, path }: { address: string; method: string; path: string },
): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: new Date(), lastUsedAddress: address }).where(eq(apiTokens.id, caller.token.id));
  await recordAudit(db, {
    actor: null,
    action: "api_token.used",
    entityType: "api_token",
    entityId: caller.token.id,
    clientId: caller.actor.clientId,
    after: { token: caller.token.name, method, path, address },
  });
}
