// GitLab's throttle on authenticated API requests, on the fake's clock (a test moves it rather than
// waiting a minute). GitLab counts them in Rack::Attack, before Rails sees the request: per user, in
// fixed periods of a minute counted from the epoch. Every request in the period is counted, the
// refused ones too (RateLimit-Observed passes the limit), but the period still ends when it ends, so
// a refusal never pushes the wait further: a client that waits Retry-After gets through.
import type { Headers } from "./http";

const PERIOD_SECONDS = 60;

/** GitLab.com allows 2,000 authenticated API requests a minute per user. */
export const DEFAULT_RATE_LIMIT = 2000;

/** One token's count in the current period, which began at `periodStart` (epoch seconds). */
export type RateWindow = { limit: number; periodStart: number; count: number };

export function newWindow(limit: number): RateWindow {
  if (!Number.isInteger(limit) || limit < 1) throw new Error("fake-gitlab: a rate limit is a whole number of requests a minute");
  return { limit, periodStart: -1, count: 0 };
}

/**
 * Counts one request. Past the limit: the headers of GitLab's 429 (Gitlab::RackAttack's
 * throttled_response_headers), where `RateLimit-Reset` is the period's end and `Retry-After` the
 * whole seconds until then.
 */
export function takeRequest(window: RateWindow, nowMs: number): { ok: true } | { ok: false; headers: Headers } {
  const now = Math.floor(nowMs / 1000);
  const start = now - (now % PERIOD_SECONDS);
  if (window.periodStart !== start) {
    window.periodStart = start;
    window.count = 0;
  }
  window.count += 1;
  if (window.count <= window.limit) return { ok: true };
  const retryAfter = PERIOD_SECONDS - (now % PERIOD_SECONDS);
  const reset = now + retryAfter;
  return {
    ok: false,
    headers: {
      "ratelimit-name": "throttle_authenticated_api",
      "ratelimit-limit": String(Math.ceil((window.limit * 60) / PERIOD_SECONDS)),
      "ratelimit-observed": String(window.count),
      "ratelimit-remaining": "0",
      "ratelimit-reset": String(reset),
      "ratelimit-resettime": new Date(reset * 1000).toUTCString(),
      "retry-after": String(retryAfter),
    },
  };
}
