// Small HTTP helpers of the fake: GitHub's JSON answers and error body, bounded request bodies, and
// GitHub's page-number pagination with its Link header.
import type http from "node:http";

/** Where GitHub's error bodies point when no endpoint page is more precise. */
export const DOCS_URL = "https://docs.github.com/rest";

export type Headers = Record<string, string>;

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * GitHub's error body: `message`, `errors` for a validation failure, `documentation_url`, and the
 * status again as a string (GitHub added it in 2023; clients may read either).
 */
export function ghError(
  res: http.ServerResponse,
  status: number,
  message: string,
  options: { documentationUrl?: string; errors?: unknown[]; headers?: Headers } = {},
): void {
  json(
    res,
    status,
    {
      message,
      ...(options.errors ? { errors: options.errors } : {}),
      documentation_url: options.documentationUrl ?? DOCS_URL,
      status: String(status),
    },
    options.headers,
  );
}

const BODY_LIMIT = 1024 * 1024;

/**
 * The request's JSON object: `undefined` when the body is not JSON or not an object (GitHub answers
 * 400 "Problems parsing JSON"), `{}` for an empty body. The whole body is read even past the limit,
 * so the sender finishes writing and reads the answer rather than a reset connection.
 */
export async function readJsonObject(req: http.IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req) {
    bytes += (chunk as Buffer).length;
    if (bytes <= BODY_LIMIT) chunks.push(chunk as Buffer);
  }
  if (bytes > BODY_LIMIT) return undefined;
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Form fields of an urlencoded body (the fake's own HTML forms). */
export async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8").slice(0, 10_000));
}

/** GitHub's page size: 30 unless `per_page` says otherwise, never more than 100 (a larger value is cut, not refused). */
const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 100;

/**
 * One page of `items` as GitHub pages a list: `page` (from 1) and `per_page` from the query, and a
 * `link` header with prev, next, last and first (in GitHub's order) that keeps the request's other
 * query parameters. No header when everything fits on the first page, as at GitHub.
 */
export function paginate<T>(items: T[], url: URL, base: string): { items: T[]; link: string | undefined } {
  const asked = (name: string) => {
    const value = Number(url.searchParams.get(name) ?? "");
    return Number.isInteger(value) && value >= 1 ? value : undefined;
  };
  const perPage = Math.min(asked("per_page") ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const page = asked("page") ?? 1;
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  if (page === 1 && last === 1) return { items: slice, link: undefined };
  const at = (n: number) => {
    const target = new URL(url.pathname + url.search, base);
    target.searchParams.set("page", String(n));
    return `<${target.toString()}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${at(page - 1)}; rel="prev"`);
  if (page < last) links.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) links.push(`${at(1)}; rel="first"`);
  return { items: slice, link: links.join(", ") };
}

/** GitHub's timestamps: ISO 8601 in UTC without milliseconds. */
export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
