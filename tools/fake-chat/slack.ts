// A Slack incoming webhook as Slack's reference for them describes it: a POST of a JSON message
// (`text`, or `blocks` / `attachments`), answered `200 ok` in plain text; a failure is a status
// and the error's name in plain text, which is all a sender gets to go on.
import type http from "node:http";
import type { ChatContext } from "./context";
import { isJson, isObject, parseJson, readBody, text } from "./http";

/** Slack refuses (rather than truncates) a message text longer than this. */
const MAX_TEXT = 40_000;
const MAX_BLOCKS = 50;
const READ_LIMIT = 1024 * 1024;

/** Why Slack would refuse the message itself, or null. */
function messageProblem(message: Record<string, unknown>): string | null {
  const { text: body, blocks, attachments } = message;
  if (body !== undefined && typeof body !== "string") return "invalid_payload";
  if (
    blocks !== undefined &&
    (!Array.isArray(blocks) || blocks.length > MAX_BLOCKS || !blocks.every((b) => isObject(b) && typeof b.type === "string"))
  )
    return "invalid_blocks";
  if (attachments !== undefined && !Array.isArray(attachments)) return "invalid_attachments";
  const said =
    (typeof body === "string" && body.trim() !== "") ||
    (Array.isArray(blocks) && blocks.length > 0) ||
    (Array.isArray(attachments) && attachments.length > 0);
  if (!said) return "no_text";
  if (typeof body === "string" && body.length > MAX_TEXT) return "msg_too_long";
  return null;
}

export async function handleSlack(ctx: ChatContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const refuse = (status: number, error: string, headers?: Record<string, string>) => {
    ctx.refused.push({ kind: "slack", path: url.pathname, status, error });
    text(res, status, error, headers);
  };
  const body = await readBody(req, READ_LIMIT);
  if (req.method !== "POST") return refuse(405, "invalid_method", { allow: "POST" });
  const found = ctx.hooks.slackAt(url.pathname);
  if (!found?.hook || found.hook.state === "removed") return refuse(404, "no_service");
  const { hook } = found;
  if (found.secret !== hook.secret) return refuse(403, "invalid_token");
  if (body.tooLarge) return refuse(400, "msg_too_long");
  const message = isJson(req) ? parseJson(body.text) : undefined;
  if (!isObject(message)) return refuse(400, "invalid_payload");
  const problem = messageProblem(message);
  if (problem) return refuse(400, problem);
  if (hook.state === "archived") return refuse(410, "channel_is_archived");
  const turn = hook.bucket.take(ctx.now());
  if (!turn.ok) return refuse(429, "rate_limited", { "retry-after": String(turn.retryAfterSeconds) });
  ctx.received.push({ kind: "slack", url: `${ctx.base}${url.pathname}`, body: message, at: new Date(ctx.now()) });
  text(res, 200, "ok");
}
