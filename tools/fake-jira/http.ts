// Answers as Jira Cloud's edge sends them: JSON with charset, a request id and a trace id on each,
// and no caching of an API answer.
import type http from "node:http";
import { randomBytes } from "node:crypto";

export function stamp(res: http.ServerResponse): void {
  res.setHeader("x-arequestid", randomBytes(16).toString("hex"));
  res.setHeader("atl-traceid", randomBytes(16).toString("hex"));
  res.setHeader("cache-control", "no-cache, no-store, no-transform");
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json;charset=UTF-8", ...headers });
  res.end(JSON.stringify(body));
}

export function text(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/plain;charset=UTF-8", ...headers });
  res.end(body);
}

export function html(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/html;charset=UTF-8", ...headers });
  res.end(body);
}

/** Jira's error collection: messages for the request, and per field. */
export const errors = (errorMessages: string[], fieldErrors: Record<string, string> = {}) => ({ errorMessages, errors: fieldErrors });

export async function readBody(req: http.IncomingMessage): Promise<string> {
  let raw = "";
  for await (const chunk of req) raw += (chunk as Buffer).toString();
  return raw;
}

/** A control route's or a page form's body: JSON, or form-encoded (curl -d without a content type). */
export async function readParams(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(req);
  if (!raw.trim()) return {};
  if ((req.headers["content-type"] ?? "").includes("json") || /^\s*[{[]/.test(raw)) {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  }
  return Object.fromEntries(new URLSearchParams(raw));
}
