import "server-only";
import { createHash } from "node:crypto";
import type { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { type ApiScope, OWNER_RIGHTS_SCOPES } from "@/lib/domain/api-scope";
import { BODY_LIMITS, readTextLimited } from "@/server/core/body-limit";
import { getDb } from "@/server/core/get-db";
import { AppError } from "@/server/core/errors";
import { parseInput } from "@/server/core/handler";
import { clientIp, hitRateLimit, type RateRule } from "@/server/core/rate-limit";
import { type ApiCaller, authenticateApiToken, recordTokenUse } from "./token-auth";
import { claimIdempotencyKey, fingerprintOf, keepIdempotentAnswer, releaseIdempotencyKey } from "./idempotency";
import { problemResponse } from "./problem";
import type { ApiRouteDeclaration } from "./contract";
import { queryOf } from "./v1/cursor";

/** Requests per token per minute (docs/PRODUCT.md#api-and-webhooks); told in the RateLimit-* headers. */
export const API_RATE_RULE: RateRule = { windowSeconds: 60, max: 300 };

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type Parsed<S> = S extends $ZodType ? z.output<S> : undefined;
/** What a route's handler gets: the caller and its request's parts, each parsed with its declared schema. */
export type ApiInput<D extends ApiRouteDeclaration> = {
  request: Request;
  caller: ApiCaller;
  params: Parsed<D["params"]>;
  query: Parsed<D["query"]>;
  body: Parsed<D["body"]>;
};
/** A route's work: its value is the JSON answer the declaration's answer schema describes (none for a 204). */
export type ApiHandler<D extends ApiRouteDeclaration> = (
  input: ApiInput<D>,
) => Promise<D["answer"] extends { schema: $ZodType } ? z.output<D["answer"]["schema"]> : void>;
/** A route method: its declaration rides along, so a test can match route files with the contract. */
export type ApiRouteMethod = ((request: Request, context?: RouteContext) => Promise<Response>) & { declaration: ApiRouteDeclaration };

export const missingScope = (scope: ApiScope) =>
  new AppError("forbidden", `This API token may not do this: it needs the ${scope} scope. Make a token with it in Settings.`);

export const OWNER_SCOPES_ENDED =
  "This API token's owner scopes have ended: the person who made it is no longer an owner of your company. An owner can make a new token in Settings.";

/** A weak validator of the body: equal JSON, equal tag. */
const etagOf = (json: string) => `W/"${createHash("sha256").update(json).digest("base64url").slice(0, 32)}"`;

/** A write's body: JSON said as JSON (nothing another site's form could send), or none at all. */
export async function readApiBody(request: Request): Promise<{ raw: string; body: unknown }> {
  const raw = await readTextLimited(request, BODY_LIMITS.apiJson);
  if (raw.trim() === "") return { raw, body: {} };
  if (request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/json")
    throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
  try {
    return { raw, body: JSON.parse(raw) };
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON.");
  }
}

/**
 * A `/api/v1` route method from its declaration (server/contract.ts; docs/PRODUCT.md#api-and-webhooks):
 * the bearer token (never a cookie), the declared scope, the token's rate limit with its RateLimit-*
 * headers, the path, query and body parsed with the declared schemas, then the handler, whose return
 * value is the JSON body (with the declared status; nothing for a 204), and the use recorded. A GET answers
 * with an ETag and a 304 when the caller already has it; a POST with an Idempotency-Key answers a
 * retry with the first answer. Every error is problem+json. No same-origin check: a machine has no
 * origin, and a browser cannot send the token from another site without a CORS preflight this API
 * never grants.
 */
export function apiRoute<const D extends ApiRouteDeclaration>(declaration: D, handler: ApiHandler<D>): ApiRouteMethod {
  const { scope } = declaration;
  const { status } = declaration.answer;
  const method = async (request: Request, context?: RouteContext): Promise<Response> => {
    let limitHeaders: Record<string, string> = {};
    let heldKey: { tokenId: string; key: string } | null = null;
    const db = getDb();
    try {
      const address = clientIp(request.headers);
      const authenticated = await authenticateApiToken(db, { authorization: request.headers.get("authorization"), address });
      const { allowed, retryAfterSeconds, remaining } = await hitRateLimit(db, `api:token:${authenticated.token.id}`, API_RATE_RULE);
      limitHeaders = {
        "RateLimit-Limit": String(API_RATE_RULE.max),
        "RateLimit-Remaining": String(remaining),
        "RateLimit-Reset": String(retryAfterSeconds),
      };
      if (!allowed)
        throw new AppError("rate_limited", `This token made more than ${API_RATE_RULE.max} requests in a minute. Wait and try again.`, {
          headers: { "Retry-After": String(retryAfterSeconds) },
        });
      if (!authenticated.token.scopes.includes(scope)) throw missingScope(scope);
      // Only owners make tokens: a scope naming an owner's part of the portal carries an owner's
      // rights there, for as long as its maker is an owner (demoted or removed, the rights end).
      const ownerRights = OWNER_RIGHTS_SCOPES.includes(scope);
      if (ownerRights && !authenticated.token.makerIsOwner) throw new AppError("forbidden", OWNER_SCOPES_ENDED);
      const caller: ApiCaller = ownerRights ? { ...authenticated, actor: { ...authenticated.actor, personRole: "owner" } } : authenticated;
      const params = context ? await context.params : {};
      const path = new URL(request.url).pathname;
      const headers: Record<string, string> = { ...limitHeaders, "Cache-Control": "private, no-cache", Vary: "Authorization" };

      let body: unknown;
      if (request.method !== "GET") {
        const read = await readApiBody(request);
        body = read.body;
        const key = request.headers.get("idempotency-key");
        if (request.method === "POST" && key !== null) {
          const claim = await claimIdempotencyKey(db, {
            tokenId: caller.token.id,
            key,
            fingerprint: fingerprintOf(request.method, path, read.raw),
          });
          if (claim.kind === "replay") {
            await recordTokenUse(db, caller, { address, method: request.method, path });
            return new Response(claim.body, {
              status: claim.statusCode,
              headers: { ...headers, "Content-Type": "application/json", "Idempotent-Replayed": "true" },
            });
          }
          heldKey = { tokenId: caller.token.id, key };
        }
      }

      const value = await handler({ request, caller, ...parseDeclared(declaration, { params, request, body }) } as ApiInput<D>);
      const json = status === 204 ? "" : JSON.stringify(value);
      // The change is made: from here a failure must not free the key, or a retry would make it twice.
      if (heldKey) await keepIdempotentAnswer(db, { ...heldKey, statusCode: status, body: json });
      heldKey = null;
      await recordTokenUse(db, caller, { address, method: request.method, path });
      if (request.method === "GET") {
        const etag = etagOf(json);
        headers.ETag = etag;
        const wanted = request.headers.get("if-none-match");
        if (wanted && wanted.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*"))
          return new Response(null, { status: 304, headers });
      }
      if (status === 204) return new Response(null, { status, headers });
      return new Response(json, { status, headers: { ...headers, "Content-Type": "application/json" } });
    } catch (error) {
      if (heldKey) await releaseIdempotencyKey(db, heldKey).catch(() => undefined);
      return problemResponse(error, limitHeaders);
    }
  };
  return Object.assign(method, { declaration });
}

/**
 * The request's parts through the declared schemas: a path that does not parse names nothing (404,
 * like another company's object), a query or body that does not is a 400 with its field errors.
 */
function parseDeclared(
  declaration: ApiRouteDeclaration,
  { params, request, body }: { params: Record<string, string | string[]>; request: Request; body: unknown },
) {
  if (declaration.params && !declaration.params.safeParse(params).success)
    throw new AppError("not_found", declaration.notFound ?? "Not found");
  return {
    params: declaration.params ? declaration.params.parse(params) : undefined,
    query: declaration.query ? parseInput(declaration.query, queryOf(request)) : undefined,
    body: declaration.body ? parseInput(declaration.body, body) : undefined,
  };
}
