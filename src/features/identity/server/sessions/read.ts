import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { type SecondFactorMethod, session, user } from "../schema";
import { getAuth } from "../auth";
import { type ClientMembership, membershipFromRow } from "../client-membership";
import { identityPorts } from "../ports";

/** What one read of the session cookie's row found: the session, its user and their company. */
export type SessionRow = {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  role: string;
  twoFactorEnabled: boolean;
  signInMethod: string | null;
  secondFactorMethod: SecondFactorMethod | null;
  secondFactorAt: Date | null;
  /** The user's company, read in the same query (null: a person of none). */
  membership: ClientMembership | null;
};

/** better-auth's own answer is needed: the session is due for its daily renewal, or has expired. */
export const NEEDS_BETTER_AUTH = Symbol("needs better-auth");

function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** The token of better-auth's signed cookie (`token.base64(HMAC-SHA256)`), or null when the signature is wrong. */
function verifiedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * The request's session in one query (session, user and company joined), read the way
 * better-auth's getSession reads it: the same signed cookie, the same checks. Every signed-in page,
 * route handler and action starts here, so better-auth's endpoint machinery is kept for what
 * writes: a session due for its daily renewal or expired answers NEEDS_BETTER_AUTH, and the caller
 * asks better-auth, which renews or deletes it. Null: no valid cookie, or no such session.
 */
export async function readSessionRow(db: DbOrTx, headers: Headers): Promise<SessionRow | null | typeof NEEDS_BETTER_AUTH> {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return null;
  const context = await getAuth().$context;
  const raw = cookieValue(cookieHeader, context.authCookies.sessionToken.name);
  if (!raw) return null;
  const token = verifiedToken(raw, context.secret);
  if (!token) return null;
  const { membership } = (await identityPorts()).clients;
  const [row] = await db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      signInMethod: session.signInMethod,
      secondFactorMethod: session.secondFactorMethod,
      secondFactorAt: session.secondFactorAt,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      ...membership.columns,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(membership.from, membership.on(user.id))
    .where(eq(session.token, token))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const { expiresIn, updateAge } = context.sessionConfig;
  // better-auth renews a session once a day (updateAge) and deletes an expired one; both are its writes.
  if (row.expiresAt.getTime() < now || row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now) return NEEDS_BETTER_AUTH;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    twoFactorEnabled: row.twoFactorEnabled,
    signInMethod: row.signInMethod,
    secondFactorMethod: row.secondFactorMethod,
    secondFactorAt: row.secondFactorAt,
    membership: membershipFromRow(row),
  };
}
