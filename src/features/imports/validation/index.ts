import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { IMPORT_FORMATS } from "@/lib/domain/finding-import";
import { uuidSchema } from "@/lib/validation/common";

export { IMPORT_FILE_EXTENSIONS, IMPORT_FILE_REFUSED, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE, importFileRefusal } from "./import-file";

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
