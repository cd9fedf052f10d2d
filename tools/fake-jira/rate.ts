// Jira Cloud's limit on an account's API-token traffic, simplified to a count per fixed minute on the
// fake's clock (a test moves the clock rather than waiting). Atlassian documents three limits at
// once (an hourly points quota for apps, a per-second burst limit per endpoint, a per-issue write
// limit) and says API-token traffic is governed by the burst limits, so a refusal here names
// `jira-burst-based`. Every request in the minute counts, refused ones too, but the minute ends
// when it ends: a client that waits Retry-After gets through.

export type RateWindow = { limit: number; start: number; used: number };

export const DEFAULT_RATE_LIMIT = 100;

export function newWindow(limit: number): RateWindow {
  if (!Number.isInteger(limit) || limit < 1) throw new Error("fake-jira: a rate limit is a whole number of requests a minute");
  return { limit, start: -1, used: 0 };
}

/** Atlassian's X-RateLimit-Reset: ISO 8601 to the minute, `yyyy-MM-ddTHH:mmZ`. */
const resetStamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 16)}Z`;

/**
 * Counts one request. Within the limit: the X-RateLimit-Limit and -Remaining every answer carries
 * (with X-RateLimit-NearLimit once less than a fifth is left); past it, the 429's headers.
 */
export function takeRequest(window: RateWindow, now: number): { ok: boolean; headers: Record<string, string> } {
  const minute = Math.floor(now / 60_000) * 60_000;
  if (window.start !== minute) {
    window.start = minute;
    window.used = 0;
  }
  window.used += 1;
  const remaining = Math.max(0, window.limit - window.used);
  const headers: Record<string, string> = {
    "x-ratelimit-limit": String(window.limit),
    "x-ratelimit-remaining": String(remaining),
    ...(remaining < window.limit / 5 ? { "x-ratelimit-nearlimit": "true" } : {}),
  };
  if (window.used <= window.limit) return { ok: true, headers };
  const reset = minute + 60_000;
  return {
    ok: false,
    headers: {
      ...headers,
      "retry-after": String(Math.max(1, Math.ceil((reset - now) / 1000))),
      "x-ratelimit-reset": resetStamp(reset),
      "ratelimit-reason": "jira-burst-based",
    },
  };
}
