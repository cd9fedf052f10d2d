import "server-only";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { parseEnv, storageChoiceOf } from "@/config/env-schema.mjs";
import { serverEnv } from "../env";
import { diskStorage } from "./disk-storage";
import type { DocumentStorage } from "./document-storage";
import { s3ConfigFromEnv, s3Storage } from "./s3-storage";

export type { DocumentStorage, StoredObject } from "./document-storage";

export function newStorageKey(extension: string): string {
  const safeExt = extension
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 8);
  return `documents/${randomUUID()}${safeExt ? `.${safeExt}` : ""}`;
}

const g = globalThis as { __storage?: DocumentStorage };

/**
 * Where documents go: STORAGE=disk (files under DATA_DIR), STORAGE=s3, or unset: S3 when the S3_*
 * variables are set, else disk; in production disk must be chosen on purpose. The rule lives with
 * the environment schema (src/config/env-schema.mjs), which `npm start` checks before starting.
 * `env` is for tests; the server uses its parsed environment.
 */
export function storageChoice(env?: Record<string, string | undefined>, isProduction = serverEnv().isProduction): "disk" | "s3" {
  const parsed = env ? parseEnv(env) : serverEnv();
  return storageChoiceOf({ storage: parsed.storage, s3: parsed.s3, isProduction });
}

/** S3-compatible storage or files under DATA_DIR/uploads, as storageChoice() decides. */
export function getStorage(): DocumentStorage {
  if (g.__storage) return g.__storage;
  const s3 = storageChoice() === "s3" ? s3ConfigFromEnv() : null;
  g.__storage = s3 ? s3Storage(s3) : diskStorage(path.join(serverEnv().dataDir, "uploads"));
  return g.__storage;
}

export function setStorage(storage: DocumentStorage | undefined): void {
  g.__storage = storage;
}
