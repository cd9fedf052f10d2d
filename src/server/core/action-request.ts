// A server action's request checked before Next handles it (src/proxy.ts): Next answers a foreign
// Origin, and a body React cannot decode, with a 500 and a stack in the log; these are the
// sender's fault, so they get a 403 and a 400 with a sentence instead (README.md, "Cross-site
// requests"). The action itself still runs every guard it has.

import { replyDecodes } from "./action-reply";

export type ActionRefusal = { status: 400 | 403; message: string };

export const ACTION_ORIGIN_MISSING = "Requests that change data must come from the site: the Origin header is missing.";
export const ACTION_CROSS_SITE = "Cross-site requests are not allowed.";
export const ACTION_BODY_UNREADABLE = "The request could not be read. Reload the page and try again.";

// What React's client sends: the arguments encoded as JSON text, or as form data when they hold
// files or a form, in the reply format React decodes (action-reply.ts). A form's own submission
// without JavaScript carries no Next-Action header; a URL-encoded body Next answers itself (404).
const UNREADABLE: ActionRefusal = { status: 400, message: ACTION_BODY_UNREADABLE };

/** A refusal for a server-action request (a POST with Next-Action) that Next would answer with a 500; null otherwise. */
export async function serverActionRefusal(request: Request, appUrl: string | undefined): Promise<ActionRefusal | null> {
  if (request.method !== "POST" || !request.headers.has("next-action")) return null;
  const origin = request.headers.get("origin");
  if (appUrl) {
    if (origin === null) return { status: 403, message: ACTION_ORIGIN_MISSING };
    if (origin !== new URL(appUrl).origin) return { status: 403, message: ACTION_CROSS_SITE };
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return null;
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return UNREADABLE;
    }
    return replyDecodes(form.entries()) ? null : UNREADABLE;
  }
  if (type !== "text/plain") return UNREADABLE;
  return replyDecodes(await request.clone().text()) ? null : UNREADABLE;
}
