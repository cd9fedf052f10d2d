import "server-only";
import { STATUS_CODES } from "node:http";
import { errorBodyOf } from "@/server/core/errors";

/**
 * An API error as RFC 9457 problem details (application/problem+json): `title` names the status,
 * `detail` is the same message the portal would show, `code` our error code, `fieldErrors` the
 * fields a request got wrong. One mapping with the rest of the app (errorBodyOf): an unexpected
 * error is logged and answered as a generic 500.
 */
export function problemResponse(error: unknown, extraHeaders: Record<string, string> = {}): Response {
  const { status, body, headers } = errorBodyOf(error, "api-v1");
  const problem = {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail: body.error,
    code: body.code,
    ...(body.fieldErrors ? { fieldErrors: body.fieldErrors } : {}),
  };
  return new Response(JSON.stringify(problem), {
    status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...extraHeaders, ...headers },
  });
}
