import "server-only";
import { isAPIError } from "better-auth/api";
import type { z } from "zod";
import { describeUserAgent } from "@/lib/user-agent";
import type { changePasswordSchema } from "@/features/identity/validation/account";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import type { Actor } from "@/server/core/actor";
import { getDb } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { passwordChangedMail } from "@/server/core/mail/templates";
import { clientIp } from "@/server/core/rate-limit";
import { recordAudit } from "@/features/audit/server";
import { checkPassword, manageKey } from "../second-factor/two-factor";
import { formatMailTime, sessionsUrlFor } from "../sessions/account-sessions";
import { getAuth } from "../auth";
import { clearAttempts } from "../sign-in/brute-force";
import { recordSecondFactor } from "../second-factor/second-factor";
import { getSession } from "../sessions/session";

/**
 * Change password from Settings / Account (docs/PRODUCT.md#account-security): the current password
 * (limited like the two-factor settings), then better-auth's changePassword, which ends every
 * session of the user and opens a new one for this browser (its cookie reaches the browser through
 * nextCookies). Audited, and the user is told by e-mail.
 */
export async function changeOwnPassword(
  actor: Actor,
  headers: Headers,
  input: z.output<typeof changePasswordSchema>,
): Promise<{ changed: true }> {
  await checkPassword(actor.userId, input.currentPassword);
  const before = await getSession(headers);
  let newToken: string | null;
  try {
    const changed = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
      headers,
    });
    newToken = changed.token;
  } catch (error) {
    const code = isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === "INVALID_PASSWORD") throw new AppError("bad_request", AUTH_MESSAGES.wrongPassword);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG")
      throw new AppError("bad_request", "Choose a password of 8 to 128 characters.");
    throw error;
  }
  const db = getDb();
  // better-auth replaced this browser's session: the new one carries the factor the old one passed.
  if (newToken && before?.secondFactor) await recordSecondFactor(db, newToken, before.secondFactor.method, before.secondFactor.at);
  await clearAttempts(db, manageKey(actor.userId));
  const mail = await passwordChangedMail({
    when: formatMailTime(new Date()),
    browser: describeUserAgent(headers.get("user-agent")),
    ip: clientIp(headers),
    sessionsUrl: sessionsUrlFor(actor.role),
  });
  await db.transaction(async (tx) => {
    await recordAudit(tx, { actor, action: "account.password_changed", entityType: "user", entityId: actor.userId });
    await enqueueEmail(tx, { to: actor.email, kind: "password_changed", ...mail });
  });
  return { changed: true };
}
