import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Actor } from "../actor";
import { authSecret, serverEnv } from "../env";

// Short-lived download links: /api/files/{documentId}?expires=…&for=…[&view=1]&sig=…, signed with a
// key derived from AUTH_SECRET. The link names the person it was made for (and whether an admin made
// it viewing a portal): each fetch is checked against that person now and, for the firm, recorded
// (docs/PRODUCT.md#portal-access-log). Whoever holds it may download until it expires, so keep it short.
export const DOWNLOAD_URL_TTL_SECONDS = 300;

/** The person a link is made for: their user id, and true for an admin viewing a client's portal. */
export type LinkHolder = { userId: string; viewingPortal?: boolean };

/** The holder of a link an actor asks for: the person, or the admin for a viewing admin (the firm's). */
export function linkHolderOf(actor: Actor): LinkHolder {
  if (actor.role === "client" && actor.viewer) return { userId: actor.viewer.adminUserId, viewingPortal: true };
  return { userId: actor.userId };
}

function signature(documentId: string, expires: number, disposition: string, holder: LinkHolder): Buffer {
  const key = createHmac("sha256", authSecret()).update("document-download-v2").digest();
  const payload = JSON.stringify([documentId, expires, disposition, holder.userId, holder.viewingPortal === true]);
  return createHmac("sha256", key).update(payload).digest();
}

export type Disposition = "attachment" | "inline";

export function signDownloadUrl(
  documentId: string,
  opts: { holder: LinkHolder; ttlSeconds?: number; disposition?: Disposition; now?: number },
): { url: string; expiresAt: Date } {
  const disposition = opts.disposition ?? "attachment";
  const expires = Math.floor((opts.now ?? Date.now()) / 1000) + (opts.ttlSeconds ?? DOWNLOAD_URL_TTL_SECONDS);
  const sig = signature(documentId, expires, disposition, opts.holder).toString("base64url");
  const query = new URLSearchParams({
    expires: String(expires),
    for: opts.holder.userId,
    ...(opts.holder.viewingPortal ? { view: "1" } : {}),
    sig,
    ...(disposition === "inline" ? { disposition } : {}),
  });
  return { url: `${serverEnv().appUrl}/api/files/${encodeURIComponent(documentId)}?${query}`, expiresAt: new Date(expires * 1000) };
}

/** What a fetch of a link answers when the link, or its person's standing now, no longer allows it. */
export const DOWNLOAD_LINK_INVALID = "This download link is invalid or has expired.";

/**
 * The signed link to a file whose row the actor has just been allowed to read, made for the person
 * linkHolderOf names, with the name to save it under. The firm's access is recorded at each fetch of
 * the link (the audit module's admitLinkFetch), not here: the fetch is the access.
 */
export function signedDownloadFor(
  actor: Actor,
  file: { id: string; name: string },
  opts: { ttlSeconds: number; disposition?: Disposition },
): { downloadUrl: string; filename: string } {
  const { url } = signDownloadUrl(file.id, { holder: linkHolderOf(actor), ...opts });
  return { downloadUrl: url, filename: file.name };
}

/** When the signature matches and the link has not expired: its disposition and holder. Constant-time comparison. */
export function verifyDownloadSignature(
  documentId: string,
  params: { expires: string | null; sig: string | null; disposition: string | null; for: string | null; view: string | null },
  now: number = Date.now(),
): { ok: true; disposition: Disposition; holder: Required<LinkHolder> } | { ok: false } {
  const expires = Number(params.expires);
  if (!params.sig || !params.for || !Number.isSafeInteger(expires)) return { ok: false };
  if (expires * 1000 < now) return { ok: false };
  const disposition: Disposition = params.disposition === "inline" ? "inline" : "attachment";
  const holder = { userId: params.for, viewingPortal: params.view === "1" };
  const expected = signature(documentId, expires, disposition, holder);
  const given = Buffer.from(params.sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  return { ok: true, disposition, holder };
}
