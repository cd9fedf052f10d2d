// The Atlassian Document Format as Jira Cloud checks it on a description or a comment: a `doc` of
// version 1 whose nodes and marks are of known types, text nodes with text. What the fake accepts
// is the part of the schema plain Markdown makes; anything else is refused as Jira refuses it.

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
  "mediaSingle",
  "media",
  "panel",
  "mention",
  "emoji",
  "inlineCard",
]);
const MARKS = new Set(["strong", "em", "code", "strike", "link", "underline", "subsup", "textColor"]);

type Node = { type?: unknown; text?: unknown; content?: unknown; marks?: unknown; attrs?: unknown };

function validNode(node: Node): boolean {
  if (!node || typeof node !== "object" || typeof node.type !== "string" || !NODES.has(node.type)) return false;
  if (node.type === "text") {
    if (typeof node.text !== "string" || node.text.length === 0) return false;
    if (node.marks !== undefined) {
      if (!Array.isArray(node.marks)) return false;
      for (const mark of node.marks as Node[]) {
        if (!mark || typeof mark.type !== "string" || !MARKS.has(mark.type)) return false;
        if (mark.type === "link" && typeof (mark.attrs as { href?: unknown } | undefined)?.href !== "string") return false;
      }
    }
    return true;
  }
  if (node.type === "heading") {
    const level = (node.attrs as { level?: unknown } | undefined)?.level;
    if (typeof level !== "number" || level < 1 || level > 6) return false;
  }
  if (node.content === undefined) return true;
  return Array.isArray(node.content) && (node.content as Node[]).every(validNode);
}

/** Whether the value is an Atlassian Document Jira takes. */
export function isAtlassianDocument(value: unknown): boolean {
  const doc = value as { type?: unknown; version?: unknown; content?: unknown } | null;
  return (
    !!doc &&
    typeof doc === "object" &&
    doc.type === "doc" &&
    doc.version === 1 &&
    Array.isArray(doc.content) &&
    (doc.content as Node[]).every(validNode)
  );
}

/** The document's text, for the fake's pages and its tests (a v2 description is text already). */
export function documentText(value: unknown): string {
  if (typeof value === "string") return value;
  const out: string[] = [];
  const walk = (node: Node) => {
    if (typeof node?.text === "string") out.push(node.text);
    if (Array.isArray(node?.content)) {
      for (const child of node.content as Node[]) walk(child);
      if (node.type !== "text" && node.type !== "doc") out.push("\n");
    }
  };
  walk(value as Node);
  return out
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
