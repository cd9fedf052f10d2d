import "server-only";
import type { Nodes, Root, RootContent, Table } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

// A ticket's Markdown as Jira Data Center takes it: wiki markup (the v2 API's descriptions and
// comments are text that Jira renders). A finding's text comes partly from imported tool output, so
// nothing in it may become markup of its own: every character Jira reads as markup is escaped with
// a backslash (macros such as {html} or {panel}, mentions, images, tables, emoticons), raw HTML is
// dropped, and only the constructs plain Markdown makes are written by us: headings, bold, italic,
// struck text, monospace, code blocks, quotes, lists, tables, rules, and links to http(s) only.

const processor = unified().use(remarkParse).use(remarkGfm);

/** Characters Jira's renderer reads as markup and lets a backslash escape, and the backslash itself. */
const SPECIAL = /[\\\-#*_+?^~|%{}[\]()!@]/g;

/**
 * Text as Jira shows it literally, in one pass. A backslash cannot escape itself (two make a line
 * break), so it becomes its HTML entity; so does the dot of a line that would start a heading or a
 * quote (`h1.`, `bq.`), and the colon of an address Jira would link by itself that is not a web
 * one (`file://`).
 */
export function escapeWiki(text: string): string {
  return text
    .replace(SPECIAL, (ch) => (ch === "\\" ? "&#92;" : `\\${ch}`))
    .replace(/^(\s*)(h[1-6]|bq)\./gim, "$1$2&#46;")
    .replace(/\b([A-Za-z][A-Za-z0-9.]*):(?=\/\/)/g, (match, scheme: string) => (/^https?$/i.test(scheme) ? match : `${scheme}&#58;`));
}

/** A tree's text alone, for a link's words (no markup inside a link: its brackets and bar stay ours). */
function plain(nodes: Nodes[]): string {
  return nodes
    .map((node) =>
      node.type === "html" ? "" : "value" in node ? String(node.value) : "children" in node ? plain(node.children as Nodes[]) : "",
    )
    .join("");
}

/** A link's address when it is a web address, written so that it cannot close the link early. */
function webAddress(url: string): string | null {
  if (!/^https?:\/\/[^\s]+$/i.test(url)) return null;
  return url.replace(/[|[\]{}\\ ]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

function inline(nodes: Nodes[]): string {
  return nodes.map(inlineNode).join("");
}

/** Bold, italic and struck text need their marks around non-blank text, or Jira shows the marks. */
function wrap(mark: string, inner: string): string {
  const text = inner.trim();
  return text ? `${mark}${text}${mark}` : inner;
}

function inlineNode(node: Nodes): string {
  switch (node.type) {
    case "text":
      return escapeWiki(node.value);
    case "strong":
      return wrap("*", inline(node.children));
    case "emphasis":
      return wrap("_", inline(node.children));
    case "delete":
      return wrap("-", inline(node.children));
    case "inlineCode":
      return node.value ? `{{${escapeWiki(node.value)}}}` : "";
    case "break":
      return "\\\\\n";
    case "link": {
      const words = plain(node.children)
        .replace(/[[\]|]/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      const url = webAddress(node.url);
      if (!url) return escapeWiki(words);
      return words && words !== node.url ? `[${escapeWiki(words)}|${url}]` : `[${url}]`;
    }
    case "image":
      return escapeWiki(node.alt ?? "");
    case "linkReference":
      return inline(node.children);
    case "imageReference":
      return escapeWiki(node.alt ?? "");
    case "footnoteReference":
      return escapeWiki(`[${node.label ?? node.identifier}]`);
    default:
      // Raw HTML and anything else Markdown could hold: its text at most, never its markup.
      return "children" in node ? inline(node.children as Nodes[]) : "";
  }
}

/** A code block as Jira's code or noformat macro, whichever the code cannot close; plain escaped lines if it could close both. */
function codeBlock(value: string, lang: string | null | undefined): string {
  const language = lang && /^[A-Za-z0-9+#-]{1,20}$/.test(lang) ? lang : null;
  if (!/\{code/i.test(value)) return `{code${language ? `:${language}` : ""}}\n${value}\n{code}`;
  if (!/\{noformat/i.test(value)) return `{noformat}\n${value}\n{noformat}`;
  return value.split("\n").map(escapeWiki).join("\\\\\n");
}

function table(node: Table): string {
  return node.children
    .map((row, index) => {
      const bar = index === 0 ? "||" : "|";
      const cells = row.children.map((cell) => inline(cell.children).replace(/\n/g, " ") || " ");
      return `${bar}${cells.join(bar)}${bar}`;
    })
    .join("\n");
}

function list(items: RootContent[], ordered: boolean, prefix: string): string[] {
  const mark = `${prefix}${ordered ? "#" : "*"}`;
  const lines: string[] = [];
  for (const item of items) {
    if (item.type !== "listItem") continue;
    const own: string[] = [];
    const after: string[] = [];
    for (const child of item.children) {
      if (child.type === "list") after.push(...list(child.children, child.ordered ?? false, mark));
      else if (child.type === "paragraph") own.push(inline(child.children).replace(/\n/g, " "));
      else after.push(block(child));
    }
    const check = item.checked === true ? "(x) " : item.checked === false ? "( ) " : "";
    // Jira's (x) and ( ) are its tick emoticons, written by us, not taken from the text.
    lines.push(`${mark} ${check}${own.join(" \\\\ ")}`.trimEnd(), ...after);
  }
  return lines;
}

function block(node: RootContent): string {
  switch (node.type) {
    case "heading":
      return `h${Math.min(Math.max(node.depth, 1), 6)}. ${inline(node.children).replace(/\n/g, " ")}`;
    case "paragraph":
      return inline(node.children);
    case "code":
      return codeBlock(node.value, node.lang);
    case "blockquote":
      return `{quote}\n${blocks(node.children)}\n{quote}`;
    case "list":
      return list(node.children, node.ordered ?? false, "").join("\n");
    case "table":
      return table(node);
    case "thematicBreak":
      return "----";
    case "html":
    case "definition":
    case "footnoteDefinition":
      return "";
    default:
      return "children" in node ? inline(node.children as Nodes[]) : "";
  }
}

function blocks(nodes: RootContent[]): string {
  return nodes
    .map(block)
    .filter((text) => text.trim() !== "")
    .join("\n\n");
}

/** Markdown to a Jira Data Center description or comment, in wiki markup that holds nothing but what we wrote. */
export function markdownToWiki(markdown: string): string {
  return blocks((processor.parse(markdown) as Root).children);
}
