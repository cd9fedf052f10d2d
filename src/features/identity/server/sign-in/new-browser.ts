import "server-only";
import { eq, sql } from "drizzle-orm";
import type { SignInMethod } from "@/lib/domain/sign-in-method";
import { describeUserAgent } from "@/lib/user-agent";
import type { Db } from "@/server/core/db/client";
import { user } from "../schema";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { newSignInMail } from "@/server/core/mail/templates";
import { formatMailTime, sessionsUrlFor } from "../sessions/account-sessions";

/**
 * A completed sign-in (docs/PRODUCT.md#account-security): stamps the account's last sign-in and
 * how it was made (a sign-in through the identity provider is stamped by the SSO plugin), and
 * from a browser not seen before for the account (no device cookie of it) e-mails the owner the
 * time, address and browser with a link to the sessions list. Never for an account's very first
 * sign-in (nothing was seen before it).
 */
export async function noteSignIn(
  db: Db,
  {
    user: who,
    session,
    knownBrowser,
    method,
  }: {
    user: { id: string; email: string; role?: string | null };
    session: { ipAddress?: string | null; userAgent?: string | null; createdAt: Date };
    knownBrowser: boolean;
    method: SignInMethod;
  },
): Promise<{ mailed: boolean }> {
  // The previous stamp and the new one in one statement, so two sign-ins at once see one "first".
  const [row] = await db
    .update(user)
    .set({ lastSignInAt: new Date(), lastSignInMethod: method })
    .where(eq(user.id, who.id))
    .returning({ before: sql<Date | null>`(select u.last_sign_in_at from "user" u where u.id = ${who.id})` });
  const firstSignIn = !row || row.before === null;
  if (knownBrowser || firstSignIn) return { mailed: false };
  const mail = await newSignInMail({
    when: formatMailTime(session.createdAt ?? new Date()),
    browser: describeUserAgent(session.userAgent),
    ip: session.ipAddress || "unknown",
    sessionsUrl: sessionsUrlFor(who.role === "admin" ? "admin" : "client"),
  });
  await enqueueEmail(db, { to: who.email, kind: "new_sign_in", ...mail });
  return { mailed: true };
}
