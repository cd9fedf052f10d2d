import "server-only";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "./db/client";
import { rateLimit } from "./db/schema";
import {
  currentPeerNonce,
  normalizeAddress,
  PEER_HEADER,
  parseTrustProxy,
  peerFromStamp,
  resolveClientAddress,
  type ProxyTrust,
} from "./client-address";
import { AppError } from "./errors";

export type RateRule = { windowSeconds: number; max: number };

/**
 * Fixed-window counter in the database (the rate_limit table better-auth also uses, under our own
 * key prefixes), so a limit holds across several app instances. One atomic upsert per call.
 * Returns whether this request is within the limit and how long until the window resets.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  rule: RateRule,
  now: number = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number; remaining: number }> {
  const windowStart = now - rule.windowSeconds * 1000;
  const rows = (await db.execute<{ count: number; last_request: string | number }>(sql`
    insert into ${rateLimit} (id, key, count, last_request)
    values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end,
      last_request = case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end
    returning count, last_request`)) as unknown as { rows: { count: number; last_request: string | number }[] };
  const row = rows.rows[0]!;
  const started = Number(row.last_request);
  const retryAfterSeconds = Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - now) / 1000));
  return { allowed: Number(row.count) <= rule.max, retryAfterSeconds, remaining: Math.max(0, rule.max - Number(row.count)) };
}

/**
 * Whether `key` still has room in its window, without counting anything: for a check that must
 * come before work the request cannot take back (a stored file), the count itself coming later
 * with the write (hitRateLimit). Two requests at the last free place can both pass here; the
 * count then refuses the second.
 */
export async function rateLimitRoom(db: DbOrTx, key: string, rule: RateRule, now: number = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, key))
    .limit(1);
  return !row || Number(row.lastRequest) <= now - rule.windowSeconds * 1000 || row.count < rule.max;
}

/**
 * Counts one request against `key` and throws a 429 AppError (with Retry-After) when over the
 * limit. `message` is what the UI shows; given a function, it gets the wait in words ("a minute").
 */
export async function enforceRateLimit(
  db: DbOrTx,
  key: string,
  rule: RateRule,
  message?: string | ((wait: string) => string),
): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, key, rule);
  if (allowed) return;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes === 1 ? "a minute" : `${minutes} minutes`;
  const text = typeof message === "function" ? message(wait) : (message ?? `Too many attempts. Please wait ${wait} and try again.`);
  throw new AppError("rate_limited", text, { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/**
 * The client address: src/proxy.ts has replaced X-Forwarded-For with the one address its rule
 * chose. A request the proxy skips (a multipart upload, see its matcher) still carries the socket
 * stamp: the same rule is applied here. Should a list arrive anyway (a hand-made request without a
 * stamp), the rightmost entry is the least client-controlled one; the leftmost is whatever the
 * client wrote.
 */
export function clientIp(headers: Headers): string {
  const socketAddress = peerFromStamp(headers.get(PEER_HEADER), currentPeerNonce());
  if (socketAddress) return resolveClientAddress({ forwardedFor: headers.get("x-forwarded-for"), socketAddress, trust: proxyTrust() });
  const entries = headers.get("x-forwarded-for")?.split(",") ?? [];
  return normalizeAddress(entries.at(-1) ?? "") ?? "unknown";
}

function proxyTrust(): ProxyTrust {
  try {
    return parseTrustProxy(process.env.TRUST_PROXY);
  } catch {
    return { kind: "none" }; // as the proxy does: the start-up check refuses a bad value
  }
}
