import "server-only";
import { AppError } from "@/server/core/errors";
import { getAuth } from "@/features/identity/server";

// Small checks shared by the Square route handlers (the role itself is checked by withAdmin).

/** The id of the request's session: an OAuth state is bound to the session that started it. */
export async function currentSessionId(headers: Headers): Promise<string> {
  const result = await getAuth().api.getSession({ headers });
  if (!result) throw new AppError("unauthorized", "Please sign in.");
  return result.session.id;
}

/**
 * Refuses requests another site started. Sync is a GET (docs/PRODUCT.md#api-endpoints) and session cookies are
 * SameSite=Lax, which a cross-site top-level navigation still carries: browsers label such
 * requests Sec-Fetch-Site: cross-site. A POST's Origin is checked for every route by the route
 * wrappers (src/server/core/same-origin.ts).
 */
export function assertSameSite(request: Request): void {
  if (request.headers.get("sec-fetch-site") === "cross-site") throw new AppError("forbidden", "Cross-site requests are not allowed.");
}

/** The `action` of a Square connection request, checked before anything is read or written. */
export function squareOAuthAction(method: "GET" | "POST", url: string): "status" | "authorize" | "callback" | "disconnect" {
  const action = new URL(url).searchParams.get("action");
  if (method === "POST") {
    if (action !== "disconnect") throw new AppError("bad_request", "Unknown action: POST supports disconnect.");
    return action;
  }
  if (action === "status" || action === "authorize" || action === "callback") return action;
  if (action === "disconnect") throw new AppError("bad_request", "Disconnecting changes data: send it as a POST.");
  throw new AppError("bad_request", "Unknown action: use authorize, status or callback.");
}
