// GitHub's two kinds of rate limit, on the fake's clock (a test moves it rather than waiting an hour):
// the primary limit, a number of requests per hour whose window resets at a fixed time, told in
// x-ratelimit-* headers on every answer; and the secondary limit on content-creating requests, which
// GitHub does not announce and answers with 403 or 429 and `retry-after`.
import type { Headers } from "./http";

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** One token's primary window: `used` requests since the window began; it resets at `resetAt` (ms). */
export type PrimaryBucket = { limit: number; used: number; resetAt: number };

export type SecondaryLimit = {
  /** Content-creating requests (POST, PATCH) a token may make in any minute (GitHub documents 80). */
  perMinute: number;
  /** And in any hour (GitHub documents 500). */
  perHour: number;
  /** GitHub answers either; the product must handle both. */
  status: 403 | 429;
};

export const DEFAULT_PRIMARY_LIMIT = 5000;
export const DEFAULT_SECONDARY: SecondaryLimit = { perMinute: 80, perHour: 500, status: 403 };

export function newBucket(limit: number): PrimaryBucket {
  return { limit, used: 0, resetAt: 0 };
}

function headersOf(bucket: PrimaryBucket): Headers {
  return {
    "x-ratelimit-limit": String(bucket.limit),
    "x-ratelimit-remaining": String(Math.max(0, bucket.limit - bucket.used)),
    // Epoch seconds, rounded up so that a client waiting until then is never early.
    "x-ratelimit-reset": String(Math.ceil(bucket.resetAt / 1000)),
    "x-ratelimit-used": String(bucket.used),
    "x-ratelimit-resource": "core",
  };
}

/**
 * Counts one request against the primary limit. A window starts with the first request after the
 * last one ended; a refused request is not counted (used stays at the limit, remaining at 0).
 */
export function takePrimary(bucket: PrimaryBucket, now: number): { ok: boolean; headers: Headers } {
  if (now >= bucket.resetAt) {
    bucket.used = 0;
    bucket.resetAt = now + HOUR;
  }
  if (bucket.used >= bucket.limit) return { ok: false, headers: headersOf(bucket) };
  bucket.used += 1;
  return { ok: true, headers: headersOf(bucket) };
}

/** What a 401 carries: the unauthenticated limit (60 an hour), which the fake shows but does not count. */
export function anonymousHeaders(now: number): Headers {
  return headersOf({ limit: 60, used: 0, resetAt: now + HOUR });
}

/**
 * Counts one content-creating request in `times` (the token's, oldest first): refused, with the
 * whole seconds until a slot frees, once the last minute or the last hour holds the limit. A refused
 * request is not recorded, so a client that waits `retry-after` gets through.
 */
export function takeContent(times: number[], now: number, limit: SecondaryLimit): { ok: true } | { ok: false; retryAfterSeconds: number } {
  while (times.length > 0 && times[0]! <= now - HOUR) times.shift();
  const inMinute = times.filter((t) => t > now - MINUTE);
  const waits: number[] = [];
  if (inMinute.length >= limit.perMinute) waits.push(inMinute[inMinute.length - limit.perMinute]! + MINUTE - now);
  if (times.length >= limit.perHour) waits.push(times[times.length - limit.perHour]! + HOUR - now);
  if (waits.length > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
  times.push(now);
  return { ok: true };
}
