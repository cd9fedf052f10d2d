import "server-only";
import { markdownBlocks, markdownPlain, type MarkdownBlock, type MarkdownRun } from "./report-markdown";

// A finding's Markdown in a Word report (docs/PRODUCT.md#admin-settings): `{description}` prints
// it as plain text without Markdown syntax; `{@description}` (docxtemplater's raw tag, alone in
// its paragraph, as the default template has it) as Word paragraphs: bold and italic runs, code in
// a monospace font on a shade, lists indented with their bullets or numbers, headings bold.

// Characters XML 1.0 does not allow, and the markup's own.
const xmlText = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

function runXml(run: MarkdownRun, size?: number): string {
  const props = [
    run.code ? '<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas" w:cs="Consolas"/>' : "",
    run.bold ? "<w:b/>" : "",
    run.italic ? "<w:i/>" : "",
    size ? `<w:sz w:val="${size}"/>` : "",
    run.code ? '<w:shd w:val="clear" w:color="auto" w:fill="EEF0F3"/>' : "",
  ].join("");
  const text = run.text
    .split(/\r?\n/)
    .map((line) => `<w:t xml:space="preserve">${xmlText(line.replace(/\t/g, "    "))}</w:t>`)
    .join("<w:br/>");
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}${text}</w:r>`;
}

function blockXml(block: MarkdownBlock): string {
  const left = block.indent * 360;
  const shade = block.kind === "code" ? '<w:shd w:val="clear" w:color="auto" w:fill="F3F4F6"/>' : "";
  const border = block.kind === "rule" ? '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="A0AEC0"/></w:pBdr>' : "";
  const keep = block.kind === "heading" ? "<w:keepNext/>" : "";
  const ind = left ? `<w:ind w:left="${left}"${block.marker ? ' w:hanging="360"' : ""}/>` : "";
  const props = `<w:pPr>${keep}${border}${shade}<w:spacing w:before="0" w:after="80"/>${ind}</w:pPr>`;
  const size = block.kind === "heading" ? Math.max(22, 30 - 2 * (block.level ?? 3)) : undefined;
  const marker = block.marker ? `${runXml({ text: block.marker })}<w:r><w:tab/></w:r>` : "";
  return `<w:p>${props}${marker}${block.runs.map((run) => runXml(run, size)).join("")}</w:p>`;
}

/** Word paragraphs of a finding's Markdown; none for empty text (the tag's paragraph goes). */
export function markdownDocxXml(text: string): string {
  return markdownBlocks(text).map(blockXml).join("");
}

/** A text a template prints as it is: one paragraph, its lines kept. */
export function plainDocxXml(text: string): string {
  return text ? `<w:p>${runXml({ text })}</w:p>` : "";
}

/** A Markdown value of the template's data: plain for `{tag}`, paragraphs for `{@tag}`. */
export class MarkdownValue {
  constructor(readonly markdown: string) {}
  get plain() {
    return markdownPlain(this.markdown);
  }
  get xml() {
    return markdownDocxXml(this.markdown);
  }
}

type Meta = { tag?: { module?: string } };

/**
 * docxtemplater's parser: a tag's value from the scope, a Markdown value in the form its tag asks
 * for. A raw tag only ever receives paragraphs made here: any other value is escaped into one, so
 * no text of a finding or a client can inject markup into the document.
 */
export function templateParser(tag: string, meta?: Meta) {
  const raw = meta?.tag?.module === "rawxml";
  return {
    get(scope: unknown) {
      if (tag === ".") return scope;
      if (scope === null || typeof scope !== "object") return undefined;
      const value = (scope as Record<string, unknown>)[tag];
      if (value instanceof MarkdownValue) return raw ? value.xml : value.plain;
      if (raw && value !== undefined && value !== null) return plainDocxXml(String(value));
      return value;
    },
  };
}
