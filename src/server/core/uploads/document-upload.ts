import "server-only";
import { documentUploadFieldsSchema, HIDDEN_FILE_NAME_MESSAGE, MAX_UPLOAD_BYTES, uploadExtensionOf } from "@/lib/validation/uploads";
import { hasHiddenCharacter } from "@/lib/validation/common";
import { BODY_LIMITS } from "../body-limit";
import { AppError } from "../errors";
import { parseInput } from "../handler";
import { type DocumentStorage, getStorage, newStorageKey } from "../storage/storage";
import { cleanDisplayName, contentMatchesExtension, mimeTypeOf, SNIFF_BYTES } from "./file-content";
import { type FilePart, readMultipart } from "./multipart";

export const UNSUPPORTED_TYPE = "Unsupported file type. Allowed: PDF, DOC, DOCX, XLS, XLSX, PNG, JPG, JPEG.";

const tooLarge = () =>
  new AppError("payload_too_large", `File is too large. The maximum is ${Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))}MB.`);
const refused = (message: string) => new AppError("bad_request", message);

export type StoredUpload = { name: string; storageKey: string; size: number; mimeType: string };
export type DocumentUpload = { fields: Map<string, string>; file: StoredUpload | null };

/** Runs before anything is stored, with the form's text fields sent before the file; throws to refuse. */
export type Admit = (fields: ReadonlyMap<string, string>) => Promise<void>;

/**
 * Checks the file part as it arrives (a clean name, an accepted extension, leading bytes that
 * match it), lets `admit` refuse the upload, then streams it into storage under a generated key.
 * `onKey` learns the key before anything is written, so the caller can remove whatever a failure
 * leaves.
 */
async function storeFilePart(
  part: FilePart,
  storage: DocumentStorage,
  admit: () => Promise<void>,
  onKey: (key: string) => void,
): Promise<StoredUpload> {
  const name = cleanDisplayName(part.filename);
  if (!name) throw refused("Invalid file name. Rename the file and try again.");
  // The raw name: the clean one has had its odd spaces (a byte-order mark among them) made plain.
  if (hasHiddenCharacter(part.filename)) throw refused(HIDDEN_FILE_NAME_MESSAGE);
  const ext = uploadExtensionOf(name);
  if (!ext) throw refused(UNSUPPORTED_TYPE);

  const chunks = part.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    headChunks.push(next.value);
    headBytes += next.value.byteLength;
  }
  if (headBytes === 0) throw refused("The file is empty.");
  const head = Buffer.concat(headChunks);
  if (!(await contentMatchesExtension(head, ext))) throw refused(`The file's content is not a valid ${ext.toUpperCase()} file.`);
  await admit();

  let size = 0;
  async function* body(): AsyncGenerator<Uint8Array> {
    size += head.byteLength;
    yield head;
    while (!ended) {
      const next = await chunks.next();
      if (next.done) break;
      size += next.value.byteLength;
      yield next.value;
    }
    // The parser cut the file at the limit: never store the truncated rest as if it were whole.
    if (part.stream.truncated) throw tooLarge();
  }
  const storageKey = newStorageKey(ext);
  onKey(storageKey);
  await storage.put(storageKey, body());
  return { name, storageKey, size, mimeType: mimeTypeOf(ext) };
}

/**
 * Receives a document upload: the file streams through the multipart parser straight into
 * storage (at most 50 MB, enforced while it streams; never held in memory), then `save` gets the
 * form's fields and the stored file and writes the row. `admit` runs once, before anything is
 * stored (after the file's own checks, with the fields sent before it; without a file, after the
 * body), so what it refuses never reaches storage. If anything fails (the body, a check, the
 * limit or `save`), the stored object is removed again, so a refusal leaves nothing behind.
 */
export async function receiveDocumentUpload<T>(
  request: Request,
  save: (upload: DocumentUpload) => Promise<T>,
  admit: Admit = async () => {},
): Promise<T> {
  const written: { storage: DocumentStorage | null; key: string | null } = { storage: null, key: null };
  let admitted = false;
  const admitOnce = async (fields: ReadonlyMap<string, string>) => {
    if (admitted) return;
    admitted = true;
    await admit(fields);
  };
  try {
    const { fields, file } = await readMultipart(request, {
      maxBodyBytes: BODY_LIMITS.upload,
      maxFileBytes: MAX_UPLOAD_BYTES,
      tooLarge,
      onFile: async (part, fieldsSoFar) => {
        written.storage = getStorage();
        return storeFilePart(
          part,
          written.storage,
          () => admitOnce(fieldsSoFar),
          (key) => (written.key = key),
        );
      },
    });
    await admitOnce(fields);
    return await save({ fields, file });
  } catch (error) {
    if (written.storage && written.key) {
      await written.storage.delete(written.key).catch((e) => console.error("[documents] could not remove an orphaned upload:", e));
    }
    throw error;
  }
}

/** The form's fields of an upload: a client and a file are required, the category is optional. */
export function documentUploadFieldsOf({ fields, file }: DocumentUpload) {
  const clientId = fields.get("clientId");
  if (!file || !clientId) throw new AppError("bad_request", "Please select a client and file");
  return { ...parseInput(documentUploadFieldsSchema, { clientId, category: fields.get("category") || undefined }), file };
}
