import "server-only";
import { randomInt } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import { AUTH_MESSAGES, type ForgotPasswordInput, type ResetPasswordInput, resetTokenSchema } from "@/features/identity/validation/sign-in";
import { type DbOrTx, getDb } from "@/server/core/db/client";
import { account, user, verification } from "@/features/identity/server/schema";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { passwordResetDoneMail } from "@/server/core/mail/templates";
import { clientIp } from "@/server/core/rate-limit";
import { getAuth } from "../auth";
import { activateInvitedPerson } from "../client-membership";
import { revokeTrustedDevices } from "../second-factor/second-factor";
import { accountLimitKey, allowAttempt, AUTH_LIMITS, ipLimitKey } from "../sign-in/brute-force";

/** Runs work after the response is sent (next/server `after` in a server action). */
export type Defer = (task: () => Promise<void>) => void;

/** better-auth keeps reset tokens (and our invitation tokens) in the verification table under this. */
export const resetIdentifier = (token: string) => `reset-password:${token}`;

const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** 32 random alphanumeric characters, like better-auth's own reset tokens (generateId). */
export function newResetToken(): string {
  let token = "";
  for (let i = 0; i < 32; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

/**
 * A set-your-password link for a new account (client invitations): the same kind of token as a
 * reset, with its own lifetime. /reset-password?invite=1 shows set-your-password wording;
 * everything else (one use, expiry, revoking) is the reset's. Written through better-auth's own
 * verification store, so it is hashed exactly like a reset token; that store is not the caller's
 * transaction, hence `revoke` for a caller whose own work fails afterwards.
 */
export async function createInvitationLink(
  userId: string,
  expiresInSeconds: number,
): Promise<{ token: string; verificationId: string; url: string; expiresAt: Date; revoke: () => Promise<void> }> {
  const token = newResetToken();
  const expiresAt = new Date(Date.now() + expiresInSeconds * 1000);
  const ctx = await getAuth().$context;
  const row = await ctx.internalAdapter.createVerificationValue({ identifier: resetIdentifier(token), value: userId, expiresAt });
  return {
    token,
    verificationId: row.id,
    expiresAt,
    url: `${serverEnv().appUrl}/reset-password?token=${encodeURIComponent(token)}&invite=1`,
    revoke: () => ctx.internalAdapter.deleteVerificationByIdentifier(resetIdentifier(token)),
  };
}

/**
 * Forgot password, with input validated by publicAction. The answer is the same for known and
 * unknown addresses, and so is its timing: the limits (keyed by address, existing or not) are
 * checked in the request, while the account lookup, token and mail happen in `defer`, after the
 * response has gone out.
 */
export async function requestPasswordReset({ email }: ForgotPasswordInput, headers: Headers, defer: Defer): Promise<null> {
  const db = getDb();
  const withinLimits =
    (await allowAttempt(db, ipLimitKey("reset-request", clientIp(headers)), AUTH_LIMITS.resetRequestPerIp)) &&
    (await allowAttempt(db, accountLimitKey("reset-request", email), AUTH_LIMITS.resetRequestPerAccount));
  if (!withinLimits) throw new AppError("rate_limited", AUTH_MESSAGES.resetRequestRateLimited);
  defer(async () => {
    try {
      // Unknown addresses end here silently; known ones get a token and a mail in the outbox.
      await getAuth().api.requestPasswordReset({ body: { email } });
    } catch (error) {
      console.error("[auth] password reset request failed:", error);
    }
  });
  return null;
}

/** The user a usable invitation (or reset) link is for, to name them on the page; null otherwise. */
export async function invitedUserOf(token: string): Promise<string | null> {
  if (!resetTokenSchema.safeParse(token).success) return null;
  const record = await findResetToken(token);
  return record && "userId" in record ? record.userId : null;
}

/** Whether a reset (or invitation) link is still usable: present, unused and unexpired. */
export type ResetLinkState = "valid" | "invalid" | "withdrawn";

/** What the reset page shows before anyone types: the form, the invalid-link screen, or "withdrawn". */
export async function resetLinkState(token: string | undefined): Promise<ResetLinkState> {
  if (!resetTokenSchema.safeParse(token).success) return "invalid";
  const record = await findResetToken(token!);
  return record === null ? "invalid" : "withdrawn" in record ? "withdrawn" : "valid";
}

// A withdrawn invitation's token keeps its row, its value marked, until it expires: its link can
// then say what happened instead of failing (docs/PRODUCT.md#portal-team).
const WITHDRAWN_PREFIX = "withdrawn-invitation:";

async function findResetToken(token: string): Promise<{ userId: string } | { withdrawn: true } | null> {
  const ctx = await getAuth().$context;
  // Through better-auth's adapter, which hashes the identifier as it was stored.
  const record = await ctx.internalAdapter.findVerificationValue(resetIdentifier(token));
  if (!record || record.expiresAt.getTime() <= Date.now()) return null;
  if (record.value.startsWith(WITHDRAWN_PREFIX)) return { withdrawn: true };
  return { userId: record.value };
}

/**
 * Withdraws the invitation links of `userId` (an invitation revoked): each still-live token is
 * marked, so it no longer names the user (whose row may be deleted next) and its link answers
 * AUTH_MESSAGES.invitationWithdrawn. Runs in the caller's transaction.
 */
export async function withdrawInvitationLinks(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(verification)
    .set({ value: `${WITHDRAWN_PREFIX}${userId}` })
    .where(and(eq(verification.value, userId), gt(verification.expiresAt, new Date())));
}

/**
 * Sets the new password with a reset token (used once: better-auth consumes it atomically) and
 * revokes every session of the user. Returns where to go next: the admin login for admins, the
 * client portal for everyone else (decided here, from the stored role). The input is validated by
 * publicAction; a malformed token fails there with the invalid-link message.
 */
export async function resetPasswordWithToken(
  { token, password }: ResetPasswordInput,
  headers: Headers,
): Promise<{ redirectTo: string; signInEmail: string | null }> {
  const invalidLink = () => new AppError("bad_request", AUTH_MESSAGES.invalidResetLink);
  try {
    if (!(await allowAttempt(getDb(), ipLimitKey("reset", clientIp(headers)), AUTH_LIMITS.resetPerIp))) {
      throw new AppError("rate_limited", AUTH_MESSAGES.resetRateLimited);
    }
    const record = await findResetToken(token);
    if (!record) throw invalidLink();
    if ("withdrawn" in record) throw new AppError("bad_request", AUTH_MESSAGES.invitationWithdrawn);
    const db = getDb();
    // An invitation sets a first password: there was nothing to reset and nothing to tell.
    const [credential] = await db
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, record.userId), eq(account.providerId, "credential")))
      .limit(1);
    const isFirstPassword = !credential?.password;
    await getAuth().api.resetPassword({ body: { token, newPassword: password } });
    const [row] = await db.select({ role: user.role, email: user.email }).from(user).where(eq(user.id, record.userId)).limit(1);
    if (!row) throw new AppError("not_found", "User session not found after password reset");
    const redirectTo = row.role === "admin" ? "/admin/login" : "/client-portal";
    // better-auth ended every session (revokeSessionsOnPasswordReset); a reset also forgets the
    // devices trusted to skip the code, and tells the owner both (docs/PRODUCT.md#sign-in-reset-password-and-invitations).
    await db.transaction(async (tx) => {
      await revokeTrustedDevices(tx, record.userId);
      // An invited person is active once their password is set; a removed one stays removed.
      await activateInvitedPerson(tx, record.userId);
      if (!isFirstPassword)
        await enqueueEmail(tx, {
          to: row.email,
          kind: "password_reset_done",
          ...(await passwordResetDoneMail(`${serverEnv().appUrl}${redirectTo}`)),
        });
    });
    // An invitee's first password: the login form that follows opens with their address filled.
    return { redirectTo, signInEmail: isFirstPassword && row.role === "client" ? row.email : null };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Used or expired between the check and the reset (a second tab, a double submit).
    if (isAPIError(error) && error.body?.code === "INVALID_TOKEN") throw invalidLink();
    // A token whose user is gone (a company deleted since) leads nowhere: a dead link, not a fault.
    if (isAPIError(error) && error.body?.code === "USER_NOT_FOUND") throw invalidLink();
    console.error("[auth] password reset failed:", error);
    throw new AppError("internal", AUTH_MESSAGES.resetFailed);
  }
}
