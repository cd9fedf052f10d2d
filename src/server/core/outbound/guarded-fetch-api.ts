import "server-only";
import { guardedFetch, type OutboundRequest, OutboundRefused } from "./guarded-fetch";

// The guarded fetch in the shape of the standard `fetch`, for the client libraries of services at
// an address a client typed (a self-managed GitLab or Jira, GitHub Enterprise): the library builds
// its requests and parses the answers as usual, and every request still goes through the one gate
// (public addresses after DNS, no redirect, no cookie, a time-out, a bounded answer).

/** A tracker's list page is tens of kilobytes; a few megabytes leaves room without filling memory. */
const API_ANSWER_BYTES = 4 * 1024 * 1024;
const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
/** Statuses whose answer has no body: `Response` refuses one for them. */
const NO_BODY = new Set([101, 204, 205, 304]);

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

async function bodyText(body: BodyInit | null | undefined): Promise<string | undefined> {
  if (body === null || body === undefined) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return Buffer.from(body as ArrayBuffer).toString("utf8");
  // Streams, forms and files are not what a tracker's JSON API sends: refused rather than mangled.
  throw new OutboundRefused("Only text bodies can be sent to this service.");
}

/**
 * A `fetch` for a client library (`@octokit/rest`'s `request.fetch`, `@gitbeaker/rest`'s), through
 * the guarded fetch. A redirect comes back as the 3xx it is, never followed; an answer larger than
 * the limit fails instead of arriving cut.
 */
export function guardedFetchApi({
  timeoutMs,
  maxResponseBytes = API_ANSWER_BYTES,
}: { timeoutMs?: number; maxResponseBytes?: number } = {}) {
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : input.toString();
    const method = (init.method ?? request?.method ?? "GET").toUpperCase();
    if (!METHODS.has(method)) throw new OutboundRefused(`The method ${method} is not sent to this service.`);
    const headers = { ...headersOf(request?.headers), ...headersOf(init.headers) };
    const body = init.body !== undefined ? await bodyText(init.body) : request ? await request.text() : undefined;
    const outbound: OutboundRequest = {
      url,
      method: method as NonNullable<OutboundRequest["method"]>,
      headers,
      ...(body === undefined || body === "" ? {} : { body }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      maxResponseBytes,
    };
    const answer = await guardedFetch(outbound);
    if (answer.truncated) throw new OutboundRefused(`The answer was larger than ${Math.round(maxResponseBytes / 1024)} KB.`);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
    }
    return new Response(NO_BODY.has(answer.status) ? null : answer.body, { status: answer.status, headers: responseHeaders });
  };
}
