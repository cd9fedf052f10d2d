// Small HTTP helpers of the fake: bounded bodies and the two services' answer shapes.
import type http from "node:http";

/** Slack answers in plain text: `ok`, or the error's name. */
export function text(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** Azure Logic Apps (behind Teams Workflows) answers errors as { error: { code, message } }. */
export function azureError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

export const isJson = (req: http.IncomingMessage) =>
  (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";

/**
 * The body as text, or `tooLarge` past `limit` bytes. The rest is still read (and dropped), so the
 * sender finishes writing and reads the answer rather than a reset connection.
 */
export async function readBody(req: http.IncomingMessage, limit: number): Promise<{ text: string; bytes: number; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req) {
    bytes += (chunk as Buffer).length;
    if (bytes <= limit) chunks.push(chunk as Buffer);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), bytes, tooLarge: bytes > limit };
}

/** JSON.parse that answers undefined for text that is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
