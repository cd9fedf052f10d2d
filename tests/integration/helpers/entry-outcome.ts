// Runs one entry point the way Next would (route handler with a Request, page component with its
// props, server action with its input) and describes what came back, for the entry-point matrix.
import { isValidElement, type ReactElement } from "react";
import { APP_ORIGIN } from "./auth";

export type RouteCall = {
  /** Path and query, e.g. "/api/client/documents/<id>". */
  url: string;
  params?: Record<string, string | string[]>;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
};
export type PageCall = { params?: Record<string, string | string[]>; searchParams?: Record<string, string | string[]> };

export type RouteResult = { kind: "route"; status: number; json: unknown; body: string; text: string; location: string | null };
export type PageResult = { kind: "page"; outcome: string; text: string };
export type ActionResult = { kind: "action"; value: unknown; text: string };

type RouteHandler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export async function callRoute(handler: RouteHandler, method: string, call: RouteCall, roleHeaders: Headers): Promise<RouteResult> {
  const headers = new Headers(roleHeaders);
  for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
  let body: BodyInit | undefined;
  if (call.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(call.json);
  } else if (call.form) {
    body = call.form;
  }
  const request = new Request(`${APP_ORIGIN}${call.url}`, { method, headers, body });
  const response = await handler(request, call.params ? { params: Promise.resolve(call.params) } : undefined);
  const raw = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(raw);
  } catch {
    json = null;
  }
  // Headers can carry data too (a redirect's location, a download's file name).
  const headerText = [...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join("\n");
  return {
    kind: "route",
    status: response.status,
    json,
    body: raw,
    text: `${raw}\n\n${headerText}`,
    location: response.headers.get("location"),
  };
}

/** Next's redirect() and notFound() throw errors marked by their digest (next/dist/client/components). */
function classifyThrown(error: unknown): string | null {
  const digest = (error as { digest?: unknown } | null)?.digest;
  if (typeof digest !== "string") return null;
  if (digest.startsWith("NEXT_REDIRECT;")) return `redirect ${digest.split(";")[2]}`;
  if (digest === "NEXT_HTTP_ERROR_FALLBACK;404") return "notFound";
  if (digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;")) return `http ${digest.split(";")[1]}`;
  return null;
}

const isAsyncFunction = (fn: unknown) => typeof fn === "function" && fn.constructor.name === "AsyncFunction";

/**
 * Renders what a server render would fetch: server components are called (async ones awaited),
 * everything else is kept as a plain description with its props. Enough to see which data a page
 * would send.
 */
export async function resolveTree(node: unknown, depth = 0): Promise<unknown> {
  if (depth > 60) return "[deep]";
  if (Array.isArray(node)) return Promise.all(node.map((n) => resolveTree(n, depth + 1)));
  if (isValidElement(node)) {
    const element = node as ReactElement<Record<string, unknown>>;
    if (isAsyncFunction(element.type))
      return resolveTree(await (element.type as (p: unknown) => Promise<unknown>)(element.props), depth + 1);
    // A plain server component renders what it is given; a client component that uses hooks
    // cannot run here and is kept with its props (which are what the browser would receive).
    if (typeof element.type === "function" && !(element.type.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent) {
      let rendered: unknown;
      try {
        rendered = (element.type as (p: unknown) => unknown)(element.props);
      } catch {
        rendered = undefined;
      }
      if (rendered !== undefined) return { $type: typeName(element.type), rendered: await resolveTree(rendered, depth + 1) };
    }
    const props: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(element.props)) props[key] = await resolveTree(value, depth + 1);
    return { $type: typeName(element.type), props };
  }
  if (node && typeof node === "object" && !(node instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = await resolveTree(value, depth + 1);
    return out;
  }
  return typeof node === "function" ? `[function ${node.name}]` : node;
}

function typeName(type: unknown): string {
  if (typeof type === "string") return type;
  if (typeof type === "function") return type.name || "anonymous";
  if (typeof type === "symbol") return type.description ?? "symbol";
  return String((type as { displayName?: string } | null)?.displayName ?? "component");
}

/** "renders <Component>" (the page's top element), "redirect <url>", "notFound". */
export async function callPage(component: (props: unknown) => Promise<unknown>, call: PageCall): Promise<PageResult> {
  try {
    const element = await component({ params: Promise.resolve(call.params ?? {}), searchParams: Promise.resolve(call.searchParams ?? {}) });
    const tree = await resolveTree(element);
    const top = isValidElement(element) ? typeName(element.type) : "nothing";
    return {
      kind: "page",
      outcome: top === "Symbol(react.fragment)" || top === "react.fragment" ? "renders" : `renders ${top}`,
      text: JSON.stringify(tree),
    };
  } catch (error) {
    const outcome = classifyThrown(error);
    if (!outcome) throw error;
    return { kind: "page", outcome, text: String((error as { digest: string }).digest) };
  }
}

export async function callAction(action: (input: unknown) => Promise<unknown>, input: unknown): Promise<ActionResult> {
  const value = await action(input);
  return { kind: "action", value, text: JSON.stringify(value) };
}

/** The error code that goes with each HTTP status in our one error mapping (src/server/core/errors.ts). */
export const ERROR_CODE_OF_STATUS: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal",
  502: "bad_gateway",
  503: "unavailable",
};

/** The one error body: message and the code of its status, nothing else. */
export const errorBody = (status: number, error: string) => ({ success: false, error, code: ERROR_CODE_OF_STATUS[status] });
