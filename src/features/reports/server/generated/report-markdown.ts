import "server-only";
import type { Definition, Nodes, Root, RootContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { safeFindingUrl } from "@/lib/finding-markdown";

// A finding's Markdown as a generated report prints it (docs/PRODUCT.md#admin-findings): parsed
// with the rules of the portal's renderer (remark-parse and GitHub's extensions, raw HTML dropped,
// images as their text, links only to http(s) and mailto), then laid out as blocks of styled runs
// that the PDF writer and the Word filler each draw in their own way. No Markdown syntax reaches
// the page: `**Evidence**` prints bold, a fenced block as code, a link as its text and address.

/** A piece of text in one style. */
export type MarkdownRun = { text: string; bold?: boolean; italic?: boolean; code?: boolean };

/** One paragraph-like piece: text, a heading, a code block (lines kept) or a rule. */
export type MarkdownBlock = {
  kind: "text" | "heading" | "code" | "rule";
  runs: MarkdownRun[];
  /** Nesting level (lists, quotes), 0 at the left margin. */
  indent: number;
  /** A list item's bullet or number, printed before its first line. */
  marker?: string;
  /** A heading's level, 1 to 6. */
  level?: number;
};

type Style = Omit<MarkdownRun, "text">;

const processor = unified().use(remarkParse).use(remarkGfm);

function definitionsOf(root: Root): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: Nodes) => {
    if (node.type === "definition") found.set((node as Definition).identifier, (node as Definition).url);
    if ("children" in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(root);
  return found;
}

const plainOf = (runs: MarkdownRun[]) => runs.map((run) => run.text).join("");

function inline(node: Nodes, style: Style, out: MarkdownRun[], definitions: Map<string, string>) {
  const children = (next: Style) => {
    if ("children" in node) for (const child of node.children) inline(child as Nodes, next, out, definitions);
  };
  switch (node.type) {
    case "text":
      out.push({ text: node.value, ...style });
      return;
    case "strong":
      return children({ ...style, bold: true });
    case "emphasis":
      return children({ ...style, italic: true });
    case "inlineCode":
      out.push({ text: node.value, ...style, code: true });
      return;
    case "break":
      out.push({ text: "\n", ...style });
      return;
    case "html":
      return; // raw HTML is dropped, as on the portal
    case "image":
    case "imageReference":
      if (node.alt) out.push({ text: node.alt, ...style });
      return;
    case "footnoteReference":
      out.push({ text: `[${node.label ?? node.identifier}]`, ...style });
      return;
    case "link":
    case "linkReference": {
      const start = out.length;
      children(style);
      const url = safeFindingUrl(node.type === "link" ? node.url : (definitions.get(node.identifier) ?? ""));
      const shown = plainOf(out.slice(start)).trim();
      // Paper has no links: the address follows its text, unless the text already is the address.
      if (url && shown !== url && `mailto:${shown}` !== url) out.push({ text: ` (${url})`, ...style, bold: false, italic: false });
      return;
    }
    default:
      return children(style);
  }
}

function runsOf(nodes: Nodes[], definitions: Map<string, string>, style: Style = {}): MarkdownRun[] {
  const out: MarkdownRun[] = [];
  for (const node of nodes) inline(node, style, out, definitions);
  return out;
}

function block(node: RootContent, indent: number, out: MarkdownBlock[], definitions: Map<string, string>, marker?: string) {
  switch (node.type) {
    case "paragraph":
      out.push({ kind: "text", runs: runsOf(node.children, definitions), indent, marker });
      return;
    case "heading":
      out.push({ kind: "heading", runs: runsOf(node.children, definitions, { bold: true }), indent, level: node.depth, marker });
      return;
    case "code":
      out.push({ kind: "code", runs: [{ text: node.value, code: true }], indent, marker });
      return;
    case "thematicBreak":
      out.push({ kind: "rule", runs: [], indent });
      return;
    case "blockquote":
      node.children.forEach((child, i) => block(child, indent + 1, out, definitions, i === 0 ? marker : undefined));
      return;
    case "list":
      node.children.forEach((item, i) => {
        const number = node.ordered ? `${(node.start ?? 1) + i}.` : "•";
        const box = item.checked === true ? "[x] " : item.checked === false ? "[ ] " : "";
        const bullet = `${number}${box ? ` ${box.trim()}` : ""}`;
        if (item.children.length === 0) out.push({ kind: "text", runs: [], indent: indent + 1, marker: bullet });
        item.children.forEach((child, j) => block(child, indent + 1, out, definitions, j === 0 ? bullet : undefined));
      });
      return;
    case "table":
      node.children.forEach((row, i) => {
        const runs: MarkdownRun[] = [];
        row.children.forEach((cell, j) => {
          if (j > 0) runs.push({ text: " | " });
          runs.push(...runsOf(cell.children, definitions, i === 0 ? { bold: true } : {}));
        });
        out.push({ kind: "text", runs, indent, marker: i === 0 ? marker : undefined });
      });
      return;
    case "footnoteDefinition":
      node.children.forEach((child, i) =>
        block(child, indent, out, definitions, i === 0 ? `[${node.label ?? node.identifier}]` : undefined),
      );
      return;
    case "html":
    case "definition":
      return;
    default:
      if ("children" in node) for (const child of node.children) block(child as RootContent, indent, out, definitions);
  }
}

/** A finding's Markdown as blocks of styled runs; empty text gives no block. */
export function markdownBlocks(text: string): MarkdownBlock[] {
  if (!text.trim()) return [];
  const root = processor.parse(text);
  const definitions = definitionsOf(root);
  const out: MarkdownBlock[] = [];
  for (const node of root.children) block(node, 0, out, definitions);
  return out.filter((b) => b.kind === "rule" || b.kind === "code" || b.marker || plainOf(b.runs).trim());
}

/** The same as plain text, one block a line: for a template's `{description}` tag. */
export function markdownPlain(text: string): string {
  return markdownBlocks(text)
    .map((b) => {
      if (b.kind === "rule") return "";
      const prefix = "  ".repeat(b.indent) + (b.marker ? `${b.marker} ` : "");
      return prefix + plainOf(b.runs);
    })
    .join("\n");
}
