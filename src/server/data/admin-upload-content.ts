import "server-only";
import type { UploadExtension } from "@/lib/validation/admin";

// What an uploaded file really is, from its bytes: the extension alone is only a claim (an
// executable renamed .pdf must be refused).

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

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // legacy .doc / .xls container
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4: .docx / .xlsx are zip packages
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/**
 * The entry names of a zip archive, read from its central directory (found through the
 * end-of-central-directory record in the last 64 KB). Null when the archive is malformed.
 */
export function zipEntryNames(bytes: Uint8Array, maxEntries = 10_000): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count > maxEntries) return null;
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** An Office Open XML package of the expected kind: a zip with [Content_Types].xml and word/ or xl/. */
function isOfficePackage(bytes: Uint8Array, folder: "word/" | "xl/"): boolean {
  if (!startsWith(bytes, ZIP)) return false;
  const names = zipEntryNames(bytes);
  return names !== null && names.includes("[Content_Types].xml") && names.some((name) => name.startsWith(folder));
}

/** True when the bytes are what the extension claims. */
export function contentMatchesExtension(bytes: Uint8Array, ext: UploadExtension): boolean {
  switch (ext) {
    case "pdf":
      return startsWith(bytes, PDF);
    case "doc":
    case "xls":
      return startsWith(bytes, OLE2);
    case "docx":
      return isOfficePackage(bytes, "word/");
    case "xlsx":
      return isOfficePackage(bytes, "xl/");
    case "png":
      return startsWith(bytes, PNG);
    case "jpg":
    case "jpeg":
      return startsWith(bytes, JPEG);
  }
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
