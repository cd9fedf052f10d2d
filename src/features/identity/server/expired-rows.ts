import "server-only";
import { lt } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { rateLimit, session, verification } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;
// Longer than any rate-limit window in use (the longest is one hour), so no live window is cut short.
const RATE_LIMIT_KEEP_MS = DAY_MS;

/** Deletes identity's rows nobody can use any more (the daily retention, modules/operations); idempotent. */
export async function pruneExpiredIdentityRows(db: DbOrTx, now: Date) {
  const rateLimits = await db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, now.getTime() - RATE_LIMIT_KEEP_MS))
    .returning({ id: rateLimit.id });
  // better-auth removes expired verification rows (reset and invitation tokens, pending two-factor
  // sign-ins, trusted devices) only as a side effect of some lookups; rows nobody ever looks up
  // again (reset requests never completed, abandoned sign-ins) would pile up until one happens.
  const verifications = await db.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id });
  // better-auth deletes an expired session only when its cookie comes back; the sessions of
  // browsers that never return (a closed laptop, a stolen cookie never replayed) would stay,
  // user agent and address included, in every person's session list and in the table.
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  return { rateLimits: rateLimits.length, verifications: verifications.length, sessions: sessions.length };
}
