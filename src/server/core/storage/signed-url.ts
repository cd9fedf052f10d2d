import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret, serverEnv } from "../env";

// Short-lived download links: /api/files/{documentId}?expires=…&sig=…, signed with a key derived
// from AUTH_SECRET. Whoever holds the link may download until it expires, so keep it short.
export const DOWNLOAD_URL_TTL_SECONDS = 300;

function signature(documentId: string, expires: number, disposition: string): Buffer {
  const key = createHmac("sha256", authSecret()).update("document-download-v1").digest();
  return createHmac("sha256", key).update(`${documentId}.${expires}.${disposition}`).digest();
}

export type Disposition = "attachment" | "inline";

export function signDownloadUrl(
  documentId: string,
  opts: { ttlSeconds?: number; disposition?: Disposition; now?: number } = {},
): { url: string; expiresAt: Date } {
  const disposition = opts.disposition ?? "attachment";
  const expires = Math.floor((opts.now ?? Date.now()) / 1000) + (opts.ttlSeconds ?? DOWNLOAD_URL_TTL_SECONDS);
  const sig = signature(documentId, expires, disposition).toString("base64url");
  const query = new URLSearchParams({ expires: String(expires), sig, ...(disposition === "inline" ? { disposition } : {}) });
  return { url: `${serverEnv().appUrl}/api/files/${encodeURIComponent(documentId)}?${query}`, expiresAt: new Date(expires * 1000) };
}

/** True when the signature matches and the link has not expired. Constant-time comparison. */
export function verifyDownloadSignature(
  documentId: string,
  params: { expires: string | null; sig: string | null; disposition: string | null },
  now: number = Date.now(),
): { ok: true; disposition: Disposition } | { ok: false } {
  const expires = Number(params.expires);
  if (!params.sig || !Number.isSafeInteger(expires)) return { ok: false };
  if (expires * 1000 < now) return { ok: false };
  const disposition: Disposition = params.disposition === "inline" ? "inline" : "attachment";
  const expected = signature(documentId, expires, disposition);
  const given = Buffer.from(params.sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  return { ok: true, disposition };
}
