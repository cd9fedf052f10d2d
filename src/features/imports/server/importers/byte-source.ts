import "server-only";

/** The bytes of an upload as text chunks (UTF-8; a BOM dropped), decoded as they arrive. */
export async function* textChunks(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  for await (const chunk of source) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A JSONL line longer than this refuses the file (an upload without line breaks is not JSONL). */
export const JSONL_LINE_MAX = 16 * 1024 * 1024;

/**
 * The text's lines with their numbers (1-based), one at a time: a JSONL file is never held whole.
 * A line longer than JSONL_LINE_MAX is answered by `tooLong(line)`, thrown.
 */
export async function* numberedLines(
  source: AsyncIterable<Uint8Array>,
  tooLong: (line: number) => Error,
): AsyncGenerator<{ line: number; text: string }> {
  // The unfinished line's pieces: each chunk is searched once, never the text before it.
  let pieces: string[] = [];
  let pending = 0;
  let line = 0;
  for await (const text of textChunks(source)) {
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      line += 1;
      pieces.push(text.slice(start, end));
      yield { line, text: pieces.join("").replace(/\r$/, "") };
      pieces = [];
      pending = 0;
      start = end + 1;
    }
    if (start < text.length) {
      pieces.push(text.slice(start));
      pending += text.length - start;
      if (pending > JSONL_LINE_MAX) throw tooLong(line + 1);
    }
  }
  if (pieces.length > 0) yield { line: line + 1, text: pieces.join("").replace(/\r$/, "") };
}

/** A JSON report is read whole: past this it is refused. */
export const JSON_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The whole upload as text, or null when it is larger than `maxBytes` (the caller names the limit). */
export async function wholeText(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<string | null> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) return null;
    parts.push(chunk);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(parts));
}
