// better-auth's endpoints (sign-in, sign-out, session, password reset) under /api/auth/*.
import { getAuth } from "@/server/auth/auth";
import { stripTokens } from "@/server/auth/strip-tokens";
import { BODY_LIMITS, readBodyLimited } from "@/server/body-limit";
import { withPublic } from "@/server/handler";

export const dynamic = "force-dynamic";

// better-auth returns session tokens in JSON bodies (the top-level `token` of a sign-in,
// `session.token` of get-session, every `token` of list-sessions). The httpOnly cookie is the only
// place they belong: strip them at any depth before the body reaches browser JavaScript.
function sessionTokensOf(request: Request, response: Response): Set<string> {
  const tokens = new Set<string>();
  const cookies = [...(request.headers.get("cookie")?.split(";") ?? []), ...response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "")];
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
  const body: unknown = await response.clone().json().catch(() => null);
  if (body === null || typeof body !== "object") return response;
  const { value, changed } = stripTokens(body, sessionTokensOf(request, response));
  if (!changed) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(value), { status: response.status, statusText: response.statusText, headers });
}

const handle = async (request: Request) => withoutTokensInBody(request, await getAuth().handler(request));
export const GET = withPublic(handle);

// better-auth would read any body whole: the bytes are counted here first, within BODY_LIMITS.auth.
export const POST = withPublic(async (request) => {
  const body = await readBodyLimited(request, BODY_LIMITS.auth);
  return handle(new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }));
});
