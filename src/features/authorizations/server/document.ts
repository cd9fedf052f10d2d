import "server-only";
import { createHash } from "node:crypto";
import type { AuthorizationContent } from "./schema";

// The signed text: one canonical JSON (keys sorted, no spaces) of the version's content, so the
// same document always has the same SHA-256, whoever computes it and whenever.

export type AuthorizationDocument = { projectId: string; version: number; content: AuthorizationContent };

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function canonicalDocumentText(doc: AuthorizationDocument): string {
  return canonical({ kind: "engagement-authorization", projectId: doc.projectId, version: doc.version, ...doc.content });
}

export function documentHashOf(doc: AuthorizationDocument): string {
  return createHash("sha256").update(canonicalDocumentText(doc), "utf8").digest("hex");
}

export const ALTERED =
  "its text no longer matches the document hash both sides were given: it was changed after it was sent. Send a new version to sign.";

/**
 * A sent version whose stored text no longer hashes to the hash fixed when it was sent (and that
 * the signatures name): an edit behind the product's back. Such a version is never used as signed.
 */
export function isAltered(doc: AuthorizationDocument & { documentHash: string | null }): boolean {
  return doc.documentHash !== null && documentHashOf(doc) !== doc.documentHash;
}
