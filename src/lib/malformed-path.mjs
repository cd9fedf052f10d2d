// A path whose percent-encoding does not decode (`/api/client/documents/%E0%A4%A`) is the
// client's error, but Next's own decoding of a dynamic segment fails on it with a 500. Both ways in
// refuse it first with this one answer: src/proxy.ts (every request it sees) and scripts/start.mjs
// (also the multipart uploads the proxy lets through unread). Plain JavaScript so the start script
// can import it without a build.

export const MALFORMED_PATH = "The address is malformed: its percent-encoding does not decode.";

/**
 * The 400 for a request path that does not decode, or null: the error body of a route handler
 * (src/server/core/errors.ts) under /api, plain text for a page.
 * @param {string} pathname the raw path, without the query
 * @returns {{ status: 400; contentType: string; body: string } | null}
 */
export function malformedPathAnswer(pathname) {
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    if (pathname.startsWith("/api/")) {
      return {
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: MALFORMED_PATH, code: "bad_request" }),
      };
    }
    return { status: 400, contentType: "text/plain; charset=utf-8", body: MALFORMED_PATH };
  }
}
