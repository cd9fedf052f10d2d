// What the import form checks of a file before sending it, apart from the schemas: the form shows
// these from the start, and loads the schemas (and zod) when it is first sent.

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
