// A server action's request checked before Next handles it (src/proxy.ts): Next answers a foreign
// Origin, and a body React cannot decode, with a 500 and a stack in the log; these are the
// sender's fault, so they get a 403 and a 400 with a sentence instead (README.md, "Cross-site
// requests"). The action itself still runs every guard it has.

export type ActionRefusal = { status: 400 | 403; message: string };

export const ACTION_ORIGIN_MISSING = "Requests that change data must come from the site: the Origin header is missing.";
export const ACTION_CROSS_SITE = "Cross-site requests are not allowed.";
export const ACTION_BODY_UNREADABLE = "The request could not be read. Reload the page and try again.";

// What React's client sends: the arguments encoded as JSON text, or as form data when they hold
// files or a form (a form's own submission without JavaScript carries no Next-Action header).
const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

/** A refusal for a server-action request (a POST with Next-Action) that Next would answer with a 500; null otherwise. */
export async function serverActionRefusal(request: Request, appUrl: string | undefined): Promise<ActionRefusal | null> {
  if (request.method !== "POST" || !request.headers.has("next-action")) return null;
  const origin = request.headers.get("origin");
  if (appUrl) {
    if (origin === null) return { status: 403, message: ACTION_ORIGIN_MISSING };
    if (origin !== new URL(appUrl).origin) return { status: 403, message: ACTION_CROSS_SITE };
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (FORM_TYPES.has(type)) return null;
  if (type !== "text/plain") return { status: 400, message: ACTION_BODY_UNREADABLE };
  try {
    JSON.parse(await request.clone().text());
  } catch {
    return { status: 400, message: ACTION_BODY_UNREADABLE };
  }
  return null;
}
