import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { serverEnv } from "@/server/core/env";
import { clientIp, enforceRateLimit } from "@/server/core/rate-limit";
import { mailShareLink } from "./links";
import { shareLinks, shareRecipients, shares, shareSessions } from "./schema";
import { hashSecret, newSecret } from "./secrets";
import { companyNameSql } from "@/features/clients/server";

// A recipient's way in (docs/PRODUCT.md#sharing-with-third-parties): a mailed single-use link opens
// a session bound to the recipient (and so to the e-mail the owner named), kept in its own httpOnly
// cookie and stored as its SHA-256. Not a user: a recipient reaches the shared items and nothing else.

export const SHARE_SESSION_COOKIE = "share_session";
/** A session lasts 12 hours, never past its share's expiry; a new link opens another. */
export const SESSION_HOURS = 12;
export const LINK_INVALID = "This link is invalid, already used or expired. Ask for a new one below.";
export const LINK_REQUESTED = "If this address was sent documents that are still shared, a new link is on its way to it.";

/** Per client address, and per address asked for: enough for a person, too few to mail-bomb anyone. */
export const LINK_REQUEST_RULES = {
  address: { windowSeconds: 600, max: 5 },
  email: { windowSeconds: 900, max: 3 },
};

/** Whether a share and its recipient are still open: neither revoked, the share not expired. */
const live = () => and(isNull(shares.revokedAt), isNull(shareRecipients.revokedAt), gt(shares.expiresAt, new Date()));

/**
 * Counts one link request against the asking address and the address asked for (a 429 past
 * either), then mails a new link for each live share of that address. The answer is the same
 * whether or not there is one, so it tells nobody who was sent what.
 */
export async function requestShareLink(db: DbOrTx, { email, headers }: { email: string; headers: Headers }): Promise<string> {
  const wait = (w: string) => `Too many links were asked for. Please wait ${w} and try again.`;
  await enforceRateLimit(db, `share-link:ip:${clientIp(headers)}`, LINK_REQUEST_RULES.address, wait);
  await enforceRateLimit(db, `share-link:email:${hashSecret(email)}`, LINK_REQUEST_RULES.email, wait);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        recipientId: shareRecipients.id,
        company: companyNameSql(shares.clientId),
        from: shares.createdByName,
        message: shares.message,
        expiresAt: shares.expiresAt,
      })
      .from(shareRecipients)
      .innerJoin(shares, eq(shares.id, shareRecipients.shareId))
      .where(and(eq(shareRecipients.email, email), live()))
      .limit(10);
    for (const row of rows)
      await mailShareLink(tx, {
        recipientId: row.recipientId,
        email,
        company: row.company,
        from: row.from,
        message: row.message,
        shareExpiresAt: row.expiresAt,
      });
  });
  return LINK_REQUESTED;
}

/** Uses a mailed link once: a new session for its recipient (the cookie's value and its expiry). */
export async function openShareSession(db: DbOrTx, token: string): Promise<{ cookie: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [link] = await tx
      .update(shareLinks)
      .set({ usedAt: now })
      .where(and(eq(shareLinks.tokenHash, hashSecret(token)), isNull(shareLinks.usedAt), gt(shareLinks.expiresAt, now)))
      .returning({ recipientId: shareLinks.recipientId });
    if (!link) throw new AppError("forbidden", LINK_INVALID);
    const [recipient] = await tx
      .select({ expiresAt: shares.expiresAt })
      .from(shareRecipients)
      .innerJoin(shares, eq(shares.id, shareRecipients.shareId))
      .where(and(eq(shareRecipients.id, link.recipientId), live()))
      .limit(1);
    if (!recipient) throw new AppError("forbidden", LINK_INVALID);
    const cookie = newSecret();
    const expiresAt = new Date(Math.min(now.getTime() + SESSION_HOURS * 3600_000, recipient.expiresAt.getTime()));
    await tx.insert(shareSessions).values({ tokenHash: hashSecret(cookie), recipientId: link.recipientId, expiresAt });
    return { cookie, expiresAt };
  });
}

export type ShareRecipientSession = {
  recipientId: string;
  email: string;
  name: string | null;
  shareId: string;
  clientId: string;
  company: string;
  from: string;
  message: string | null;
  mode: "view" | "download";
  ndaKind: "none" | "standard" | "own";
  ndaText: string | null;
  ndaSha256: string | null;
  ndaAcceptedAt: Date | null;
  ndaName: string | null;
  expiresAt: Date;
};

/**
 * The recipient behind a session cookie, or null: a missing, unknown or expired session, a revoked
 * recipient or share, or an expired share all end access the moment they happen.
 */
export async function shareRecipientOf(db: DbOrTx, cookie: string | undefined | null): Promise<ShareRecipientSession | null> {
  if (!cookie || cookie.length > 100) return null;
  const [row] = await db
    .select({
      recipientId: shareRecipients.id,
      email: shareRecipients.email,
      name: shareRecipients.name,
      shareId: shares.id,
      clientId: shares.clientId,
      company: companyNameSql(shares.clientId),
      from: shares.createdByName,
      message: shares.message,
      mode: shares.mode,
      ndaKind: shares.ndaKind,
      ndaText: shares.ndaText,
      ndaSha256: shares.ndaSha256,
      ndaAcceptedAt: shareRecipients.ndaAcceptedAt,
      ndaName: shareRecipients.ndaName,
      expiresAt: shares.expiresAt,
    })
    .from(shareSessions)
    .innerJoin(shareRecipients, eq(shareRecipients.id, shareSessions.recipientId))
    .innerJoin(shares, eq(shares.id, shareRecipients.shareId))
    .where(and(eq(shareSessions.tokenHash, hashSecret(cookie)), gt(shareSessions.expiresAt, new Date()), live()))
    .limit(1);
  return row ?? null;
}

/** Ends the session of this cookie (signing out). */
export async function closeShareSession(db: DbOrTx, cookie: string | undefined | null): Promise<void> {
  if (cookie && cookie.length <= 100) await db.delete(shareSessions).where(eq(shareSessions.tokenHash, hashSecret(cookie)));
}

export const NOT_SIGNED_IN = "You are not signed in to these documents, or your access has ended. Ask for a new link.";

/** The share session cookie's value in a request's Cookie header, if any. */
export function shareCookieOf(headers: Headers): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SHARE_SESSION_COOKIE) return value.join("=") || null;
  }
  return null;
}

/** The recipient of the request's session cookie; a 401 when there is none or their access has ended. */
export async function requireShareRecipient(db: DbOrTx, headers: Headers): Promise<ShareRecipientSession> {
  const recipient = await shareRecipientOf(db, shareCookieOf(headers));
  if (!recipient) throw new AppError("unauthorized", NOT_SIGNED_IN);
  return recipient;
}

/** The Set-Cookie value of a recipient's session: httpOnly, same-site lax, secure under https, until `expiresAt` (none: cleared). */
export function shareSessionCookie(value: string | null, expiresAt: Date | null): string {
  const secure = serverEnv().appUrl.startsWith("https:") ? "; Secure" : "";
  const until = value && expiresAt ? `; Expires=${expiresAt.toUTCString()}` : "; Max-Age=0";
  return `${SHARE_SESSION_COOKIE}=${value ?? ""}; Path=/; HttpOnly; SameSite=Lax${secure}${until}`;
}
