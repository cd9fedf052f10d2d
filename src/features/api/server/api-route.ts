import "server-only";
import { createHash } from "node:crypto";
import type { ApiScope } from "@/lib/domain/api-scope";
import { getDb } from "@/server/core/get-db";
import { AppError } from "@/server/core/errors";
import { clientIp, hitRateLimit, type RateRule } from "@/server/core/rate-limit";
import { type ApiCaller, authenticateApiToken, recordTokenUse } from "./token-auth";
import { problemResponse } from "./problem";

/** Requests per token per minute (docs/PRODUCT.md#api-and-webhooks); told in the RateLimit-* headers. */
export const API_RATE_RULE: RateRule = { windowSeconds: 60, max: 300 };

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type ApiHandler = (request: Request, ctx: { caller: ApiCaller; params: Record<string, string | string[]> }) => Promise<unknown>;

export const missingScope = (scope: ApiScope) =>
  new AppError("forbidden", `This API token may not do this: it needs the ${scope} scope. Make a token with it in Settings.`);

/** A weak validator of the body: equal JSON, equal tag. */
const etagOf = (json: string) => `W/"${createHash("sha256").update(json).digest("base64url").slice(0, 32)}"`;

/**
 * A `/api/v1` route method (docs/PRODUCT.md#api-and-webhooks): the bearer token (never a cookie),
 * its scope, the token's rate limit with its RateLimit-* headers, then the handler, whose return
 * value is the JSON body, and the use recorded. A GET answers with an ETag and a 304 when the caller already has it.
 * Every error is problem+json. No same-origin check: a machine has no origin, and a browser
 * cannot send the token from another site without a CORS preflight this API never grants.
 */
export function apiRoute(scope: ApiScope, handler: ApiHandler) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    let limitHeaders: Record<string, string> = {};
    try {
      const db = getDb();
      const address = clientIp(request.headers);
      const caller = await authenticateApiToken(db, { authorization: request.headers.get("authorization"), address });
      const { allowed, retryAfterSeconds, remaining } = await hitRateLimit(db, `api:token:${caller.token.id}`, API_RATE_RULE);
      limitHeaders = {
        "RateLimit-Limit": String(API_RATE_RULE.max),
        "RateLimit-Remaining": String(remaining),
        "RateLimit-Reset": String(retryAfterSeconds),
      };
      if (!allowed)
        throw new AppError("rate_limited", `This token made more than ${API_RATE_RULE.max} requests in a minute. Wait and try again.`, {
          headers: { "Retry-After": String(retryAfterSeconds) },
        });
      if (!caller.token.scopes.includes(scope)) throw missingScope(scope);
      const params = context ? await context.params : {};
      const json = JSON.stringify(await handler(request, { caller, params }));
      await recordTokenUse(db, caller, { address, method: request.method, path: new URL(request.url).pathname });
      const headers: Record<string, string> = { ...limitHeaders, "Cache-Control": "private, no-cache", Vary: "Authorization" };
      if (request.method === "GET") {
        const etag = etagOf(json);
        headers.ETag = etag;
        const wanted = request.headers.get("if-none-match");
        if (wanted && wanted.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*"))
          return new Response(null, { status: 304, headers });
      }
      return new Response(json, { status: 200, headers: { ...headers, "Content-Type": "application/json" } });
    } catch (error) {
      return problemResponse(error, limitHeaders);
    }
  };
}
