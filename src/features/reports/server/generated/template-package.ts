import "server-only";
import type PizZip from "pizzip";
import { AppError } from "@/server/core/errors";

// What a Word template's package may hold (docs/PRODUCT.md#admin-settings), checked at the upload
// and again before each report is filled: docxtemplater reads every XML part whole, so a part that
// inflates to hundreds of megabytes stalls the server for each report; a relationship to an outside
// address (a linked image, a remote template, an OLE link) would be copied into every report and
// fetched by the client's Word when opened. Sizes are those the package declares: pizzip refuses a
// part whose inflated length differs from its declared size, so a lying header cannot pass.

/** Everything the package holds, inflated. */
export const TEMPLATE_MAX_INFLATED_BYTES = 40 * 1024 * 1024;
/** One XML part, inflated (the document, a header, the styles). */
export const TEMPLATE_MAX_XML_PART_BYTES = 10 * 1024 * 1024;
/** Inflated size over compressed size of any part inflating to more than 1 MB. */
export const TEMPLATE_MAX_RATIO = 100;
export const TEMPLATE_MAX_PARTS = 2000;

const MB = 1024 * 1024;

export const TEMPLATE_TOO_LARGE = `The template is too large once unpacked: at most ${TEMPLATE_MAX_INFLATED_BYTES / MB} MB in all, ${TEMPLATE_MAX_XML_PART_BYTES / MB} MB for one part of its text, compressed at most ${TEMPLATE_MAX_RATIO} to 1.`;
export const TEMPLATE_EXTERNAL_LINKS =
  "The template links to files outside it (a linked picture, a remote template or object). Insert them into the document instead, then upload it again.";

type Entry = { dir?: boolean; _data?: { uncompressedSize?: number; compressedSize?: number } };

const refuse = (message: string): never => {
  throw new AppError("bad_request", message, { fieldErrors: { file: message } });
};

// A relationship of any type but a hyperlink pointing outside the package. A hyperlink is only
// followed when the reader clicks it, so a firm's link to its site stays allowed.
const EXTERNAL = /<Relationship\b(?=[^>]*\bTargetMode\s*=\s*["']External["'])(?![^>]*\bType\s*=\s*["'][^"']*\/hyperlink["'])[^>]*>/i;

/** Refuses (400) a package over the size limits or with an external relationship. */
export function checkTemplatePackage(zip: PizZip): void {
  const entries = Object.entries(zip.files as Record<string, Entry>).filter(([, entry]) => !entry.dir);
  if (entries.length > TEMPLATE_MAX_PARTS) refuse(TEMPLATE_TOO_LARGE);
  let total = 0;
  for (const [name, entry] of entries) {
    const inflated = entry._data?.uncompressedSize ?? 0;
    const compressed = entry._data?.compressedSize ?? 0;
    total += inflated;
    if (total > TEMPLATE_MAX_INFLATED_BYTES) refuse(TEMPLATE_TOO_LARGE);
    if (/\.(xml|rels)$/i.test(name) && inflated > TEMPLATE_MAX_XML_PART_BYTES) refuse(TEMPLATE_TOO_LARGE);
    if (inflated > MB && inflated > TEMPLATE_MAX_RATIO * Math.max(compressed, 1)) refuse(TEMPLATE_TOO_LARGE);
  }
  for (const [name] of entries) if (/\.rels$/i.test(name) && EXTERNAL.test(zip.file(name)?.asText() ?? "")) refuse(TEMPLATE_EXTERNAL_LINKS);
}
