// better-auth's endpoints (sign-in, sign-out, session, password reset) under /api/auth/*.
import { getAuth } from "@/server/auth/auth";

export const dynamic = "force-dynamic";

// better-auth also returns the session token in JSON bodies; the httpOnly cookie is the only
// place it belongs, so strip it before the body reaches browser JavaScript.
async function withoutTokenInBody(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || !("token" in body)) return response;
  const { token: _token, ...rest } = body;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(rest), { status: response.status, headers });
}

const handle = async (request: Request) => withoutTokenInBody(await getAuth().handler(request));
export const GET = handle;
export const POST = handle;
