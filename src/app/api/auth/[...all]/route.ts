// The few better-auth endpoints the browser calls (sign-out, session, the passkey ceremonies) under
// /api/auth/*; every other one answers 404 (src/features/identity/server/http-endpoints.ts).
import { BODY_LIMITS, readBodyLimited } from "@/server/core/body-limit";
import { withPublic } from "@/server/core/handler";
import { isServedAuthEndpoint, stripTokens } from "@/features/identity/server";
import { getAuth } from "@/features/identity/server";

export const dynamic = "force-dynamic";

// better-auth returns session tokens in JSON bodies (the top-level `token` of a sign-in,
// `session.token` of get-session, every `token` of list-sessions). The httpOnly cookie is the only
// place they belong: strip them at any depth before the body reaches browser JavaScript.
function sessionTokensOf(request: Request, response: Response): Set<string> {
  const tokens = new Set<string>();
  const cookies = [
    ...(request.headers.get("cookie")?.split(";") ?? []),
    ...response.headers.getSetCookie().map((c) => c.split(";")[0] ?? ""),
  ];
  for (const pair of cookies) {
    const [name, ...rest] = pair.trim().split("=");
    if (!name?.endsWith("session_token")) continue;
    // The cookie holds "<token>.<signature>"; bodies carry the bare token.
    const raw = decodeURIComponent(rest.join("="));
    if (raw) tokens.add(raw.split(".")[0]!).add(raw);
  }
  return tokens;
}

async function withoutTokensInBody(request: Request, response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (body === null || typeof body !== "object") return response;
  const { value, changed } = stripTokens(body, sessionTokensOf(request, response));
  if (!changed) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(value), { status: response.status, statusText: response.statusText, headers });
}

/**
 * The passkey plugin answers 500 to any registration it cannot verify (a malformed or mismatched
 * answer from the browser): that is the browser's input, so a 400 with the reason.
 */
async function registrationFailureAsBadRequest(request: Request, response: Response): Promise<Response> {
  if (response.status !== 500 || !new URL(request.url).pathname.endsWith("/passkey/verify-registration")) return response;
  const { code } = ((await response
    .clone()
    .json()
    .catch(() => null)) ?? {}) as { code?: unknown };
  if (code !== "FAILED_TO_VERIFY_REGISTRATION") return response;
  return Response.json(
    { code: "FAILED_TO_VERIFY_REGISTRATION", message: "The passkey's answer could not be verified for this site. Try adding it again." },
    { status: 400 },
  );
}

const NOT_FOUND = () => Response.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 });

async function handle(request: Request): Promise<Response> {
  const response = await getAuth().handler(request);
  return withoutTokensInBody(request, await registrationFailureAsBadRequest(request, response));
}

export const GET = withPublic(async (request) =>
  isServedAuthEndpoint("GET", new URL(request.url).pathname) ? handle(request) : NOT_FOUND(),
);

// better-auth would read any body whole: the bytes are counted here first, within BODY_LIMITS.auth.
export const POST = withPublic(async (request) => {
  // Refused before the body is read: an endpoint that is not served costs nothing.
  if (!isServedAuthEndpoint("POST", new URL(request.url).pathname)) return NOT_FOUND();
  const body = await readBodyLimited(request, BODY_LIMITS.auth);
  return handle(new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }));
});
