// Jira Cloud's per-account limit, simplified to a count per fixed minute (Atlassian's is a cost
// budget per hour with bursts): past it, 429 with Retry-After and the X-RateLimit-* headers.

export type RateWindow = { limit: number; start: number; used: number };

export const DEFAULT_RATE_LIMIT = 100;

export function takeRequest(window: RateWindow, now: number): { ok: true } | { ok: false; headers: Record<string, string> } {
  const minute = Math.floor(now / 60_000) * 60_000;
  if (window.start !== minute) {
    window.start = minute;
    window.used = 0;
  }
  window.used += 1;
  if (window.used <= window.limit) return { ok: true };
  const reset = minute + 60_000;
  return {
    ok: false,
    headers: {
      "retry-after": String(Math.max(1, Math.ceil((reset - now) / 1000))),
      "x-ratelimit-limit": String(window.limit),
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": new Date(reset).toISOString(),
      "ratelimit-reason": "jira-quota-global-based",
    },
  };
}
