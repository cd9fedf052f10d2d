import "server-only";
import { randomUUID } from "node:crypto";
import { customType, integer, pgTable, text } from "drizzle-orm/pg-core";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { DbOrTx } from "./db/client";
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

// Counted by rate-limiter-flexible's PostgreSQL store through Drizzle (RateLimiterDrizzle: a fixed
// window per key, one atomic upsert per hit) in the rate_limit table better-auth also uses, under
// our own key prefixes, so every instance on one PostgreSQL server shares the counts. On the
// embedded PGlite (one process) the same store runs on the embedded database, not in memory: a
// restart keeps the counts, and the tests count as production does. Its statements go through the
// handle the caller gives, a transaction included (a count made inside one commits or rolls back
// with it). Not RateLimiterPostgres: its statements need a table of its own (key, points, expire),
// while the rows here keep better-auth's shape, read by the retention job and the tests.

/**
 * The table as the store sees it. The store keeps when a window ends (`expire`); the row keeps when
 * it began (`last_request`, as better-auth's rows do): the column converts with the rule's window.
 */
function counterTable(windowMs: number) {
  const windowEnd = customType<{ data: Date; driverData: number | string }>({
    dataType: () => "bigint",
    toDriver: (end) => end.getTime() - windowMs,
    fromDriver: (start) => new Date(Number(start) + windowMs),
  });
  return pgTable("rate_limit", {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    key: text("key").notNull().unique(),
    points: integer("count").notNull(),
    expire: windowEnd("last_request"),
  });
}

const tables = new Map<number, ReturnType<typeof counterTable>>();

function limiter(db: DbOrTx, rule: RateRule): RateLimiterDrizzle {
  const windowMs = rule.windowSeconds * 1000;
  let schema = tables.get(windowMs);
  if (!schema) tables.set(windowMs, (schema = counterTable(windowMs)));
  return new RateLimiterDrizzle({
    storeClient: db,
    schema,
    clearExpiredByTimeout: false, // the retention job removes old windows (modules/operations)
    keyPrefix: "",
    points: rule.max,
    duration: rule.windowSeconds,
  });
}

/**
 * Counts one request against `key`: whether it is within the limit, how long until the window
 * resets, and how many requests the window still has.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  rule: RateRule,
): Promise<{ allowed: boolean; retryAfterSeconds: number; remaining: number }> {
  let result: RateLimiterRes;
  let allowed = true;
  try {
    result = await limiter(db, rule).consume(key, 1);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal; // the database failed: not a refusal
    result = refusal;
    allowed = false;
  }
  return {
    allowed,
    retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
    remaining: result.remainingPoints,
  };
}

/**
 * Whether `key` still has room in its window, without counting anything: for a check that must
 * come before work the request cannot take back (a stored file), the count itself coming later
 * with the write (hitRateLimit). Two requests at the last free place can both pass here; the
 * count then refuses the second.
 */
export async function rateLimitRoom(db: DbOrTx, key: string, rule: RateRule): Promise<boolean> {
  const current = await limiter(db, rule).get(key);
  return !current || current.consumedPoints < rule.max;
}

/** Forgets `key`'s count (a successful sign-in clears its account's failures). */
export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await limiter(db, { windowSeconds: 1, max: 1 }).delete(key);
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
