import "server-only";
import { hasHiddenCharacter } from "@/lib/validation/common";
import { HIDDEN_FILE_NAME_MESSAGE } from "@/lib/validation/uploads";
import { MULTIPART_OVERHEAD_BYTES } from "../body-limit";
import { AppError } from "../errors";
import { type DocumentStorage, getStorage, newStorageKey } from "../storage/storage";
import { cleanDisplayName } from "./file-content";
import { type FilePart, readMultipart } from "./multipart";

export type StoredFile = { name: string; storageKey: string; size: number };

type Options = {
  maxFileBytes: number;
  tooLarge: () => AppError;
  /** The file name's check (its extension): a message refuses it before anything is stored. */
  refuseName: (name: string) => string | null;
};

/**
 * Receives a tool's output file (a scan, a report of results): the file streams from the request
 * into storage under a generated key, never held in memory, up to `maxFileBytes`. Unlike a document
 * its content is not sniffed here: the reader of its format judges it. `save` gets the form's fields
 * and the stored file; if anything fails (the body, the name, the limit or `save`), the stored
 * object is removed again, so a refusal leaves nothing behind. What `save` keeps it must remove itself.
 */
export async function receiveScanUpload<T>(
  request: Request,
  { maxFileBytes, tooLarge, refuseName }: Options,
  save: (upload: { fields: Map<string, string>; file: StoredFile | null }) => Promise<T>,
): Promise<T> {
  const written: { storage: DocumentStorage | null; key: string | null } = { storage: null, key: null };
  try {
    const { fields, file } = await readMultipart(request, {
      maxBodyBytes: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
      maxFileBytes,
      tooLarge,
      onFile: async (part: FilePart) => {
        const name = cleanDisplayName(part.filename);
        if (!name) throw new AppError("bad_request", "Invalid file name. Rename the file and try again.");
        if (hasHiddenCharacter(part.filename)) throw new AppError("bad_request", HIDDEN_FILE_NAME_MESSAGE);
        const refusal = refuseName(name);
        if (refusal) throw new AppError("bad_request", refusal);
        written.storage = getStorage();
        const storageKey = newStorageKey("scan");
        written.key = storageKey;
        let size = 0;
        async function* body(): AsyncGenerator<Uint8Array> {
          for await (const chunk of part.stream as AsyncIterable<Buffer>) {
            size += chunk.byteLength;
            yield chunk;
          }
          // The parser cut the file at the limit: never keep the truncated rest as if it were whole.
          if (part.stream.truncated) throw tooLarge();
        }
        await written.storage.put(storageKey, body());
        if (size === 0) throw new AppError("bad_request", "The file is empty.");
        return { name, storageKey, size };
      },
    });
    return await save({ fields, file });
  } catch (error) {
    if (written.storage && written.key) {
      await written.storage.delete(written.key).catch((e) => console.error("[uploads] could not remove an orphaned upload:", e));
    }
    throw error;
  }
}
