import "server-only";
import { fileTypeFromBuffer } from "file-type";
import type { UploadExtension } from "@/lib/validation/uploads";

// What an uploaded file really is, from its bytes: the extension alone is only a claim (an
// executable renamed .pdf must be refused). Every accepted extension is a binary format that
// file-type recognises; a text format (which has no signature) would need its own check here.

const MIME_BY_EXTENSION: Record<UploadExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

/** The MIME type we store and serve: derived from the checked extension, never from the browser. */
export function mimeTypeOf(ext: UploadExtension): string {
  return MIME_BY_EXTENSION[ext];
}

// What file-type answers for each extension. Legacy .doc and .xls share the OLE2 container ("cfb"),
// which file-type does not tell apart; .docx and .xlsx are read from the package's content types.
const DETECTED_AS: Record<UploadExtension, readonly string[]> = {
  pdf: ["pdf"],
  doc: ["cfb"],
  xls: ["cfb"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  png: ["png", "apng"],
  jpg: ["jpg"],
  jpeg: ["jpg"],
};

/**
 * How many leading bytes the check needs: file-type's own sample is 4 KB; an Office package's
 * [Content_Types].xml comes first in the zip and is a few KB at most, so 64 KB leaves room.
 */
export const SNIFF_BYTES = 64 * 1024;

/** True when the file's first bytes (up to SNIFF_BYTES) are what the extension claims. */
export async function contentMatchesExtension(head: Uint8Array, ext: UploadExtension): Promise<boolean> {
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  return detected !== undefined && DETECTED_AS[ext].includes(detected.ext);
}

/**
 * The name shown to users. File names are only labels (storage keys are generated), but a name
 * that carries a path or control characters is a forged request: refuse it rather than guess.
 * Returns null for such a name.
 */
export function cleanDisplayName(raw: string): string | null {
  if (/[/\\\u0000-\u001f\u007f]/.test(raw)) return null;
  const name = raw.normalize("NFC").replace(/\s+/g, " ").trim();
  if (!name || name === "." || name === ".." || name.startsWith("..") || name.length > 255) return null;
  return name;
}
