// Answers as Jira Cloud's edge sends them: JSON with charset, a request id and a trace id on each.
import type http from "node:http";
import { randomBytes } from "node:crypto";

export function stamp(res: http.ServerResponse): void {
  res.setHeader("x-arequestid", randomBytes(8).toString("hex"));
  res.setHeader("atl-traceid", randomBytes(16).toString("hex"));
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json;charset=UTF-8", ...headers });
  res.end(JSON.stringify(body));
}

export function text(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/plain;charset=UTF-8", ...headers });
  res.end(body);
}

/** Jira's error collection: messages for the request, and per field. */
export const errors = (errorMessages: string[], fieldErrors: Record<string, string> = {}) => ({ errorMessages, errors: fieldErrors });

export async function readBody(req: http.IncomingMessage): Promise<string> {
  let raw = "";
  for await (const chunk of req) raw += (chunk as Buffer).toString();
  return raw;
}
