import "server-only";
import { SaxesParser } from "saxes";
import { textChunks } from "./byte-source";
import { refuse } from "./imported-finding";

/** An element read whole: its attributes, its own text (CDATA included) and its child elements. */
export type XmlNode = { name: string; line: number; attributes: Record<string, string>; text: string; children: XmlNode[] };

/** An element named in `watch` as it opens (its attributes only), or one named in `capture` once it closes. */
export type XmlEvent = { kind: "open"; name: string; line: number; attributes: Record<string, string> } | { kind: "node"; node: XmlNode };

// A hostile file could put a whole upload in one element: each element keeps this much text and
// this many children, more than any tool writes where the importers read.
const NODE_TEXT_MAX = 512 * 1024;
const NODE_CHILDREN_MAX = 10_000;
// No tool nests deeper than a dozen elements; an 18 MB file of nested elements took minutes and
// gigabytes to refuse otherwise (each open element is kept until it closes).
export const XML_DEPTH_MAX = 64;

type Options = { tool: string; root: string; capture: ReadonlySet<string>; watch?: ReadonlySet<string> };

/**
 * Streams an XML upload through saxes: the elements named in `capture` are built while they are
 * open and handed over as each closes, then dropped, so a file of any size holds one element at
 * a time. The first XML error, or a root element other than `root`, refuses the file.
 */
export async function* streamXml(source: AsyncIterable<Uint8Array>, { tool, root, capture, watch }: Options): AsyncGenerator<XmlEvent> {
  const parser = new SaxesParser({ position: true });
  const ready: XmlEvent[] = [];
  // The captured element being built, innermost last; empty outside a captured element.
  const open: XmlNode[] = [];
  let sawRoot = false;
  let depth = 0;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
  };

  parser.on("error", (error) => fail(refuse(tool, `line ${parser.line}: ${error.message.replace(/^\d+:\d+: /, "")}`)));
  parser.on("opentag", (tag) => {
    if (failure) return;
    if (++depth > XML_DEPTH_MAX) {
      fail(refuse(tool, `line ${parser.line}: elements are nested more than ${XML_DEPTH_MAX} deep.`));
      return;
    }
    const attributes = tag.attributes as Record<string, string>;
    if (!sawRoot) {
      sawRoot = true;
      if (tag.name !== root) fail(refuse(tool, `line ${parser.line}: the document is a <${tag.name}>, not a <${root}> report.`));
    }
    if (open.length > 0 || capture.has(tag.name)) {
      const node: XmlNode = { name: tag.name, line: parser.line, attributes, text: "", children: [] };
      const parent = open.at(-1);
      if (parent && parent.children.length < NODE_CHILDREN_MAX) parent.children.push(node);
      open.push(node);
    } else if (watch?.has(tag.name)) {
      ready.push({ kind: "open", name: tag.name, line: parser.line, attributes });
    }
  });
  const addText = (text: string) => {
    const node = open.at(-1);
    if (node && node.text.length < NODE_TEXT_MAX) node.text += text.slice(0, NODE_TEXT_MAX - node.text.length);
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    depth -= 1;
    if (failure) return;
    const node = open.pop();
    if (node && open.length === 0) ready.push({ kind: "node", node });
  });

  for await (const text of textChunks(source)) {
    parser.write(text);
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  if (!sawRoot) throw refuse(tool, "it has no findings to import.");
  parser.close();
  if (failure) throw failure;
  yield* ready.splice(0);
}

/** The first child element of that name. */
export const childOf = (node: XmlNode, name: string) => node.children.find((child) => child.name === name);

/** The text of the first child element of that name, or "" when there is none. */
export const childText = (node: XmlNode, name: string) => childOf(node, name)?.text.trim() ?? "";

/** The texts of every child element of that name. */
export const childTexts = (node: XmlNode, name: string) =>
  node.children.filter((child) => child.name === name).map((child) => child.text.trim());
