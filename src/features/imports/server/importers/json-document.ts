import "server-only";
import { JSON_IMPORT_MAX_BYTES, wholeText } from "./byte-source";
import { refuse } from "./imported-finding";

/**
 * A JSON report, read whole (these tools write one document, not a stream): refused past 50 MB,
 * when empty, or when it is not JSON.
 */
export async function readJsonDocument(source: AsyncIterable<Uint8Array>, tool: string): Promise<unknown> {
  const text = await wholeText(source, JSON_IMPORT_MAX_BYTES);
  if (text === null) throw refuse(tool, `it is larger than ${JSON_IMPORT_MAX_BYTES / 1024 / 1024} MB; split it.`);
  if (!text.trim()) throw refuse(tool, "it has no findings to import.");
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8 often names the position ("... in JSON at position 120"): the admin gets its line.
    const position = /at position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
    const line = position === undefined ? null : text.slice(0, Number(position)).split("\n").length;
    throw refuse(tool, line ? `line ${line}: it is not JSON.` : "the file is not JSON.");
  }
}
