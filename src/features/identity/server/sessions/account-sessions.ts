import "server-only";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { describeUserAgent, parseUserAgent } from "@/lib/user-agent";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { session } from "../schema";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";

// The signed-in user's own sessions (docs/PRODUCT.md#account-security). Every query is scoped by
// the actor's user id: a session id of anyone else's answers like an unknown one.

export type AccountSession = {
  id: string;
  browser: string;
  os: string;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
};

/** Where the e-mails send a person to review their sessions. */
export function sessionsUrlFor(role: Actor["role"]): string {
  const base = serverEnv().appUrl;
  return role === "admin" ? `${base}/admin/account?tab=security#sessions` : `${base}/client-portal?section=settings&tab=security#sessions`;
}

const mailTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
/** "Nov 22, 2026, 8:47 PM UTC": mails go to people in any time zone. */
export const formatMailTime = (date: Date) => `${mailTime.format(date)} UTC`;
export { describeUserAgent };

/** The actor's live sessions, newest activity first; `current` marks the one making the request. */
export async function listOwnSessions(
  db: DbOrTx,
  { actor, currentSessionId }: { actor: Actor; currentSessionId: string },
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, actor.userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.id));
  const list = rows.map((row) => ({
    id: row.id,
    ...parseUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
  // This device first, then the others by last activity.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Signs out one of the actor's own sessions (not the current one: that is Sign out). */
export async function revokeOwnSession(
  db: DbOrTx,
  { actor, sessionId, currentSessionId }: { actor: Actor; sessionId: string; currentSessionId: string },
) {
  if (sessionId === currentSessionId) throw new AppError("bad_request", "This is the session you are using. Use Sign out instead.");
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(session)
      .where(and(eq(session.id, sessionId), eq(session.userId, actor.userId)))
      .returning({ id: session.id, userAgent: session.userAgent });
    if (!removed) throw new AppError("not_found", "That session has already ended.");
    await recordAudit(tx, {
      actor,
      action: "account.session_revoked",
      entityType: "user",
      entityId: actor.userId,
      before: { session: describeUserAgent(removed.userAgent) },
    });
    return { revoked: 1 };
  });
}

/** Signs out every session of the actor but the current one. */
export async function revokeOtherOwnSessions(db: DbOrTx, { actor, currentSessionId }: { actor: Actor; currentSessionId: string }) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(session)
      .where(and(eq(session.userId, actor.userId), ne(session.id, currentSessionId)))
      .returning({ id: session.id });
    if (removed.length > 0) {
      await recordAudit(tx, {
        actor,
        action: "account.other_sessions_revoked",
        entityType: "user",
        entityId: actor.userId,
        after: { count: removed.length },
      });
    }
    return { revoked: removed.length };
  });
}
