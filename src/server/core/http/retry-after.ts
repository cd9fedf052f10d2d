import "server-only";

/**
 * The seconds a server we called asked us to wait (`Retry-After`: seconds or an HTTP date), capped
 * at `max` so it cannot hold our work back past its retry schedule; null without a valid one. The
 * one reader of the header: webhook receivers, GitHub, GitLab and Jira.
 */
export function retryAfterSeconds(header: string | string[] | undefined, max: number, now = Date.now()): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  // An HTTP date ends in GMT; Date.parse alone would take "1.5" or "-5" for dates too.
  const seconds = /^\d+$/.test(value) ? Number(value) : / GMT$/.test(value) ? Math.ceil((Date.parse(value) - now) / 1000) : NaN;
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), max) : null;
}
