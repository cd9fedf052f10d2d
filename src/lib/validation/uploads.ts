// What an upload may be (size, file types, names, a document's fields), shared by the upload forms,
// the upload routes and the core's upload parsing.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { uuidSchema } from "@/lib/validation/common";
import { DOCUMENT_CATEGORIES, DEFAULT_DOCUMENT_CATEGORY } from "@/lib/domain/document-category";

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const ACCEPTED_UPLOAD_EXTENSIONS = ["pdf", "doc", "docx", "xls", "xlsx", "png", "jpg", "jpeg"] as const;

export type UploadExtension = (typeof ACCEPTED_UPLOAD_EXTENSIONS)[number];

/** For the file picker's accept attribute. */
export const UPLOAD_ACCEPT = ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(",");

export const documentUploadFieldsSchema = z.object({
  clientId: uuidSchema,
  category: z._default(z.enum(DOCUMENT_CATEGORIES, { error: "Unknown category" }), DEFAULT_DOCUMENT_CATEGORY),
});

/**
 * An uploaded file's name (documents, reports, evidence, message attachments) with an invisible or
 * text-direction character is refused (hasHiddenCharacter): "invoice\u202Efdp.exe" shows as
 * "invoiceexe.pdf", and two names that look the same could not be told apart.
 */
export const HIDDEN_FILE_NAME_MESSAGE = "The file name contains invisible or text-direction characters. Rename the file and try again.";

/** The lower-cased extension of a file name when it is one we accept, else null. */
export function uploadExtensionOf(fileName: string): UploadExtension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const ext = match?.[1]?.toLowerCase();
  return (ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext ?? "") ? (ext as UploadExtension) : null;
}
