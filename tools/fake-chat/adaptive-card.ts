// What a Teams Workflows webhook needs to post a card: a `message` whose attachments are Adaptive
// Cards of a version Teams renders, each element and action typed. The real trigger takes any JSON
// and the flow's "post card" step fails later, where the sender never sees it; the fake refuses at
// once, so a test sees the same mistake.
import { isObject } from "./http";

export const ADAPTIVE_CARD = "application/vnd.microsoft.card.adaptive";
/** Teams renders Adaptive Cards up to 1.5. */
const VERSION = /^1\.[0-5]$/;

function elementProblem(element: unknown, where: string): string | null {
  if (!isObject(element) || typeof element.type !== "string") return `${where} has no 'type'.`;
  if (element.type === "TextBlock" && typeof element.text !== "string") return `${where} is a TextBlock without 'text'.`;
  return null;
}

function isAbsoluteUrl(value: unknown): boolean {
  try {
    return typeof value === "string" && Boolean(new URL(value));
  } catch {
    return false;
  }
}

function actionProblem(action: unknown, where: string): string | null {
  if (!isObject(action) || typeof action.type !== "string") return `${where} has no 'type'.`;
  if (action.type === "Action.OpenUrl" && !isAbsoluteUrl(action.url)) return `${where} is an Action.OpenUrl without an absolute 'url'.`;
  return null;
}

/** Why the body is not a card message Teams can post, or null. */
export function cardProblem(payload: unknown): string | null {
  if (!isObject(payload)) return "The body is not a JSON object.";
  if (payload.type !== "message") return "Property 'type' must be 'message'.";
  const { attachments } = payload;
  if (!Array.isArray(attachments) || attachments.length === 0) return "Property 'attachments' must be a non-empty array.";
  for (const [i, attachment] of attachments.entries()) {
    const at = `attachments[${i}]`;
    if (!isObject(attachment) || attachment.contentType !== ADAPTIVE_CARD) return `${at}.contentType must be '${ADAPTIVE_CARD}'.`;
    const card = attachment.content;
    if (!isObject(card) || card.type !== "AdaptiveCard") return `${at}.content must be an object of type 'AdaptiveCard'.`;
    if (typeof card.version !== "string" || !VERSION.test(card.version)) return `${at}.content.version must be '1.0' to '1.5'.`;
    if (!Array.isArray(card.body)) return `${at}.content.body must be an array.`;
    for (const [j, element] of card.body.entries()) {
      const problem = elementProblem(element, `${at}.content.body[${j}]`);
      if (problem) return problem;
    }
    if (card.actions !== undefined && !Array.isArray(card.actions)) return `${at}.content.actions must be an array.`;
    for (const [j, action] of ((card.actions as unknown[] | undefined) ?? []).entries()) {
      const problem = actionProblem(action, `${at}.content.actions[${j}]`);
      if (problem) return problem;
    }
  }
  return null;
}
