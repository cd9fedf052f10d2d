// better-auth's endpoints (sign-in, sign-out, session, password reset) under /api/auth/*.
import { getAuth } from "@/server/auth/auth";
import { BODY_LIMITS, readBodyLimited } from "@/server/body-limit";
import { errorResponse } from "@/server/errors";

export const dynamic = "force-dynamic";

// better-auth also returns session tokens in JSON bodies (top-level after sign-in, inside
// `session` from get-session, in every entry of list-sessions); the httpOnly cookie is the only
// place a token belongs, so every `token` field is stripped before the body reaches browser
// JavaScript.
function stripTokens(value: unknown, depth = 0): { value: unknown; stripped: boolean } {
  if (depth > 4 || !value || typeof value !== "object") return { value, stripped: false };
  if (Array.isArray(value)) {
    const items = value.map((item) => stripTokens(item, depth + 1));
    return { value: items.map((i) => i.value), stripped: items.some((i) => i.stripped) };
  }
  let stripped = false;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === "token") {
      stripped = true;
      continue;
    }
    const inner = stripTokens(field, depth + 1);
    stripped ||= inner.stripped;
    out[key] = inner.value;
  }
  return { value: out, stripped };
}

async function withoutTokenInBody(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body: unknown = await response.clone().json().catch(() => null);
  const { value, stripped } = stripTokens(body);
  if (!stripped) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(value), { status: response.status, headers });
}

const handle = async (request: Request) => withoutTokenInBody(await getAuth().handler(request));
export const GET = handle;

// better-auth would read any body whole: the bytes are counted here first, within BODY_LIMITS.auth.
export async function POST(request: Request): Promise<Response> {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyLimited(request, BODY_LIMITS.auth);
  } catch (error) {
    return errorResponse(error);
  }
  return handle(new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }));
}
