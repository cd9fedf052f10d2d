import "server-only";
import type { ImportFormat } from "@/lib/domain/finding-import";

const HEAD_CHARS = 64 * 1024;

/**
 * The format an upload most likely is, from its name and its first bytes, for the form's default
 * (the admin confirms it): the XML reports by their root element, the JSON ones by the keys each
 * tool writes first, JSONL by its first line. Null when nothing fits.
 */
export function detectFormat(fileName: string, head: Uint8Array): ImportFormat | null {
  const name = fileName.trim().toLowerCase();
  const text = new TextDecoder("utf-8").decode(head.subarray(0, HEAD_CHARS)).replace(/^\uFEFF/, "");
  const start = text.trimStart();
  if (name.endsWith(".nessus") || text.includes("<NessusClientData_v2")) return "nessus";
  if (start.startsWith("<")) {
    if (text.includes("<OWASPZAPReport")) return "zap_xml";
    if (/<issues[\s>]/.test(text) && /burpVersion|<issue>/.test(text)) return "burp";
    return null;
  }
  if (name.endsWith(".sarif") || name.endsWith(".sarif.json")) return "sarif";
  if (name.endsWith(".csv")) return "csv";
  const firstLine = start.split("\n", 1)[0] ?? "";
  if (/"entry_type"\s*:/.test(firstLine)) return "garak";
  if (/"template-id"\s*:/.test(firstLine)) return "nuclei";
  if (
    /"conversation_id"\s*:/.test(text) &&
    /"objective"\s*:/.test(text) &&
    (start.startsWith("[") || /"attack_results"|"executed_turns"/.test(text))
  )
    return "pyrit";
  if (start.startsWith("{")) {
    if (/"runs"\s*:/.test(text) && /"version"\s*:\s*"2\.1\.0"/.test(text)) return "sarif";
    if (/"@programName"\s*:/.test(text) || /"site"\s*:\s*\[/.test(text)) return "zap_json";
    if (/"evalId"\s*:/.test(text) || (/"results"\s*:/.test(text) && /"gradingResult"|"promptfoo"/.test(text))) return "promptfoo";
  }
  if (name.endsWith(".jsonl")) return /"entry_type"/.test(text) ? "garak" : "nuclei";
  return null;
}
