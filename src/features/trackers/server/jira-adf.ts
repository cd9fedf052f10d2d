import "server-only";
import { markdownToAdf } from "marklassian";

// A ticket's Markdown as Jira Cloud takes it: the Atlassian Document Format. The converter lets
// `<adf>` blocks through as raw nodes (macros, extensions); a finding's text comes partly from
// imported tool output, so only the nodes and marks plain Markdown makes are kept, and a link
// keeps only an http(s) address.

type AdfNode = { type: string; text?: string; attrs?: Record<string, unknown>; content?: AdfNode[]; marks?: AdfMark[] };
type AdfMark = { type: string; attrs?: Record<string, unknown> };
export type AdfDocument = { type: "doc"; version: 1; content: AdfNode[] };

const NODES = new Set([
  "paragraph",
  "text",
  "heading",
  "bulletList",
  "orderedList",
  "listItem",
  "codeBlock",
  "blockquote",
  "rule",
  "hardBreak",
  "table",
  "tableRow",
  "tableHeader",
  "tableCell",
]);
const MARKS = new Set(["strong", "em", "code", "strike", "link"]);

function safeMark(mark: AdfMark): AdfMark | null {
  if (!MARKS.has(mark.type)) return null;
  if (mark.type !== "link") return { type: mark.type };
  const href = String(mark.attrs?.href ?? "");
  return /^https?:\/\//i.test(href) ? { type: "link", attrs: { href } } : null;
}

function safeNode(node: AdfNode): AdfNode | null {
  if (!NODES.has(node.type)) return null;
  if (node.type === "text") {
    if (!node.text) return null;
    const marks = (node.marks ?? []).map(safeMark).filter((mark): mark is AdfMark => mark !== null);
    return { type: "text", text: node.text, ...(marks.length ? { marks } : {}) };
  }
  const content = node.content?.map(safeNode).filter((child): child is AdfNode => child !== null);
  const attrs = node.type === "heading" ? { level: Number(node.attrs?.level) || 2 } : node.type === "codeBlock" ? {} : node.attrs;
  return { type: node.type, ...(attrs && Object.keys(attrs).length ? { attrs } : {}), ...(content ? { content } : {}) };
}

/** Markdown to a Jira description or comment, without raw ADF, images or non-web links. */
export function markdownToJira(markdown: string): AdfDocument {
  // Escaped first: marklassian reads `<adf>` even inside a paragraph.
  const doc = markdownToAdf(markdown.replace(/<(\/?)adf>/gi, "&lt;$1adf&gt;")) as { content?: AdfNode[] };
  const content = (doc.content ?? []).map(safeNode).filter((node): node is AdfNode => node !== null);
  return { type: "doc", version: 1, content: content.length ? content : [{ type: "paragraph", content: [] }] };
}
