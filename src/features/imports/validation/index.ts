import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { IMPORT_FORMATS } from "@/lib/domain/finding-import";
import { uuidSchema } from "@/lib/validation/common";

/**
 * A scan file of up to 256 MB (a Nessus export of a large network is easily 200 MB); it streams
 * into storage, never into memory (docs/PRODUCT.md#admin-findings).
 */
export const IMPORT_MAX_BYTES = 256 * 1024 * 1024;
export const IMPORT_TOO_LARGE = "The file is too large. The maximum is 256MB.";
/** The file endings a scan file may have; its format is chosen in the form (or from the name). */
export const IMPORT_FILE_EXTENSIONS = [".sarif", ".json", ".jsonl", ".nessus", ".xml", ".csv", ".txt"] as const;
export const IMPORT_FILE_REFUSED = `Choose a scan file (${IMPORT_FILE_EXTENSIONS.join(", ")}).`;
/** Why a file name is refused for an import, or null. */
export const importFileRefusal = (name: string) =>
  IMPORT_FILE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext)) ? null : IMPORT_FILE_REFUSED;

const formatSchema = z.enum(IMPORT_FORMATS, { error: "Choose the tool that wrote the file" });

/** The form's fields of an import upload (the file is the multipart's "file" part). */
export const findingImportFieldsSchema = z.object({
  projectId: uuidSchema,
  // Empty: chosen from the file's name and first bytes.
  format: z.optional(
    z.union([
      z.pipe(
        z.literal(""),
        z.transform(() => undefined),
      ),
      formatSchema,
    ]),
  ),
});

/** Applying a previewed import; with markMissing, what it did not see is marked for the firm to decide. */
export const applyFindingImportSchema = z.object({
  importId: uuidSchema,
  markMissing: z._default(z.optional(z.boolean()), false),
});
export type ApplyFindingImportInput = z.input<typeof applyFindingImportSchema>;

export const findingImportIdSchema = z.object({ importId: uuidSchema });
