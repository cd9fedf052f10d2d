import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { type SecondFactorMethod, session, verification } from "../schema";

// What a session proved, written on the session itself when the factor is passed
// (docs/PRODUCT.md#sign-in-two-factor). Whether a request passed two-factor is read from here,
// never from the user's current settings: a session opened with the password alone stays a
// password session, whatever the user enrols afterwards.

export async function recordSecondFactor(db: DbOrTx, sessionToken: string, method: SecondFactorMethod, at = new Date()): Promise<void> {
  await db.update(session).set({ secondFactorMethod: method, secondFactorAt: at }).where(eq(session.token, sessionToken));
}

/** Ends every session of the user but `keepToken` (the browser that made the change). */
export async function endOtherSessions(db: DbOrTx, userId: string, keepToken: string | null): Promise<number> {
  const where = keepToken ? and(eq(session.userId, userId), ne(session.token, keepToken)) : eq(session.userId, userId);
  const ended = await db.delete(session).where(where).returning({ id: session.id });
  return ended.length;
}

/**
 * Forgets every device the user trusted for 30 days, and any pending sign-in or set-password link.
 * better-auth keys these verification rows by a hashed identifier (storeIdentifier: "hashed"), so
 * they are found by their value, the user id; no other kind of row stores a bare user id.
 */
export async function revokeTrustedDevices(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.value, userId));
}

/**
 * The session token in the Set-Cookie headers better-auth answered with (a call that replaced the
 * session: enrolment, turning two-factor off). The cookie holds "<token>.<signature>".
 */
export function sessionTokenFromSetCookie(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...rest] = (pair ?? "").split("=");
    if (!name?.trim().endsWith("session_token")) continue;
    const value = decodeURIComponent(rest.join("="));
    if (value) return value.split(".")[0] ?? null;
  }
  return null;
}
