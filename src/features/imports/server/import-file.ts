import "server-only";
import type { Hash } from "node:crypto";
import type { ImportFormat } from "@/lib/domain/finding-import";
import { getStorage } from "@/server/core/storage/storage";
import { fingerprintOf, readImport } from "./importers";

// A stored scan file read as a stream, for the preview and for applying it: neither holds the file.

export async function* storedFile(storageKey: string): AsyncGenerator<Uint8Array> {
  const { body } = await getStorage().open(storageKey);
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The file as it streams by, its SHA-256 taken on the way: the run key of the import's measurements. */
async function* hashed(source: AsyncIterable<Uint8Array>, hash: Hash): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/** The file's first bytes, for telling formats with the same file ending apart. */
export async function headOf(storageKey: string): Promise<Uint8Array> {
  for await (const chunk of storedFile(storageKey)) return chunk.slice(0, 4096);
  return new Uint8Array(0);
}

/**
 * Each distinct finding of the file once, with its fingerprint: a tool that reports the same
 * thing twice (two matchers of one template on one URL) makes one finding.
 */
export async function* distinctFindings(format: ImportFormat, storageKey: string, hash?: Hash) {
  const seen = new Set<string>();
  for await (const finding of readImport(format, hash ? hashed(storedFile(storageKey), hash) : storedFile(storageKey))) {
    const fingerprint = fingerprintOf(format, finding);
    if (seen.has(fingerprint)) continue;
    seen.add(fingerprint);
    yield { fingerprint, finding, seen };
  }
}
