import "server-only";
import { receiveDocumentUpload, type StoredUpload } from "./document-upload";

/**
 * A message form sent as multipart (text fields, at most one file): the file goes through the
 * documents' checks and storage (type by content, 50 MB while streaming, generated key), and is
 * removed again if `save` fails.
 */
export function receiveMessageUpload<T>(request: Request, save: (fields: (name: string) => string | undefined, file: StoredUpload | null) => Promise<T>): Promise<T> {
  return receiveDocumentUpload(request, ({ fields, file }) => save((name) => fields.get(name), file));
}
