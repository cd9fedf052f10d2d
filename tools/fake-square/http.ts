// Small HTTP helpers of the fake: Square-shaped JSON answers and errors, bodies, cursors.
import type http from "node:http";

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Square's error envelope: { errors: [{ category, code, detail, field? }] }. */
export function squareError(
  res: http.ServerResponse,
  status: number,
  category: string,
  code: string,
  detail: string,
  field?: string,
): void {
  json(res, status, { errors: [{ category, code, detail, ...(field ? { field } : {}) }] });
}

export function html(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(body);
}

export function redirect(res: http.ServerResponse, location: string): void {
  res.writeHead(302, { location });
  res.end();
}

export async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// Cursors are opaque to clients; they name the listing they belong to, so one cannot be replayed
// against another location or filter.
const encodeCursor = (scope: string, offset: number) => Buffer.from(JSON.stringify({ s: scope, o: offset })).toString("base64url");

function decodeCursor(cursor: string, scope: string): number | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { s?: string; o?: number };
    return value.s === scope && Number.isInteger(value.o) && (value.o ?? -1) >= 0 ? (value.o as number) : null;
  } catch {
    return null;
  }
}

/** One page of `items` under `key`, with a `cursor` when more follow (Square's list shape). */
export function listPage(
  res: http.ServerResponse,
  page: {
    items: unknown[];
    key: string;
    scope: string;
    cursor: string | null | undefined;
    limit: unknown;
    defaultLimit: number;
    maxLimit: number;
  },
): void {
  const { items, key, scope, defaultLimit, maxLimit } = page;
  const limit = page.limit === undefined || page.limit === null || page.limit === "" ? defaultLimit : Number(page.limit);
  if (!Number.isInteger(limit) || limit < 1)
    return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "limit must be a positive integer.", "limit");
  if (limit > maxLimit)
    return squareError(res, 400, "INVALID_REQUEST_ERROR", "VALUE_TOO_HIGH", `limit must be at most ${maxLimit}.`, "limit");
  const offset = page.cursor ? decodeCursor(page.cursor, scope) : 0;
  if (offset === null) return squareError(res, 400, "INVALID_REQUEST_ERROR", "INVALID_CURSOR", "The cursor is not valid.", "cursor");
  const next = offset + limit < items.length ? encodeCursor(scope, offset + limit) : undefined;
  json(res, 200, { [key]: items.slice(offset, offset + limit), ...(next ? { cursor: next } : {}) });
}
