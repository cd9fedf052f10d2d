/** A piece of a message: plain text, or an http(s) link to render as an anchor. */
export type MessageSegment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// http(s) only: javascript:, data: and the like stay text. Trailing punctuation is not part of a link.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits a message into text and links. The caller renders text as text (React escapes it) and a
 * link as an anchor with rel="noopener noreferrer nofollow"; nothing is ever treated as HTML.
 */
export function linkify(message: string): MessageSegment[] {
  const segments: MessageSegment[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const candidate = raw.replace(TRAILING, "");
    const start = match.index;
    let href: string | null = null;
    try {
      const url = new URL(candidate);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) segments.push({ kind: "text", text: message.slice(last, start) });
    segments.push({ kind: "link", text: candidate, href });
    last = start + candidate.length;
  }
  if (last < message.length) segments.push({ kind: "text", text: message.slice(last) });
  return segments;
}
