import "server-only";
import { isAPIError } from "better-auth/api";
import QRCode from "qrcode";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import type { Actor } from "@/server/core/actor";
import { getDb } from "@/server/core/db/client";
import { AppError, type AppErrorCode } from "@/server/core/errors";
import { type RateRule } from "@/server/core/rate-limit";
import { recordAudit } from "@/features/audit/server";
import { confirmFreshSecondFactor } from "./fresh-second-factor";
import { passwordMatches } from "../password/check";
import { getAuth } from "../auth";
import { mailAuthenticatorChange } from "./authenticator-mail";
import { allowAttempt, clearAttempts } from "../sign-in/brute-force";
import { endOtherSessions, revokeTrustedDevices, sessionTokenFromSetCookie } from "./second-factor";
import { getSession } from "../sessions/session";

// Two-factor enrolment and management for the signed-in user, on better-auth's twoFactor plugin
// (docs/PRODUCT.md#sign-in-two-factor). The plugin keeps the TOTP secret and the backup codes
// encrypted; these flows add the password checks, limits, audit rows and plain-words errors.

/** Wrong codes (or passwords) while managing two-factor, per user: the sign-in's own budget. */
export const MANAGE_LIMIT: RateRule = { windowSeconds: 15 * 60, max: 10 };
export const manageKey = (userId: string) => `auth:two-factor-manage:user:${userId}`;

/** The plugin's error codes, in the words the forms show. */
const PLUGIN_ERRORS: Record<string, [AppErrorCode, string]> = {
  INVALID_CODE: ["bad_request", AUTH_MESSAGES.wrongCode],
  // Our replay check (plugin.ts): the code's time step was accepted before.
  CODE_ALREADY_USED: ["bad_request", AUTH_MESSAGES.codeUsed],
  INVALID_BACKUP_CODE: ["bad_request", AUTH_MESSAGES.wrongBackupCode],
  // The pending sign-in is gone or no longer has the factor it was started for.
  INVALID_TWO_FACTOR_COOKIE: ["unauthorized", AUTH_MESSAGES.pendingExpired],
  TOTP_NOT_ENABLED: ["unauthorized", AUTH_MESSAGES.pendingExpired],
  BACKUP_CODES_NOT_ENABLED: ["unauthorized", AUTH_MESSAGES.pendingExpired],
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: ["unauthorized", AUTH_MESSAGES.tooManyCodes],
  ACCOUNT_TEMPORARILY_LOCKED: ["rate_limited", AUTH_MESSAGES.locked],
  INVALID_PASSWORD: ["bad_request", AUTH_MESSAGES.wrongPassword],
  TOTP_ALREADY_ENABLED: ["conflict", AUTH_MESSAGES.alreadyEnabled],
  TWO_FACTOR_NOT_ENABLED: ["conflict", AUTH_MESSAGES.notEnabled],
};

export function twoFactorError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: string } | undefined)?.code;
  const known = code !== undefined && Object.hasOwn(PLUGIN_ERRORS, code) ? PLUGIN_ERRORS[code] : undefined;
  return known ? new AppError(known[0], known[1]) : null;
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw twoFactorError(error) ?? error;
  }
}

export async function spendManageAttempt(userId: string): Promise<void> {
  if (!(await allowAttempt(getDb(), manageKey(userId), MANAGE_LIMIT))) throw new AppError("rate_limited", AUTH_MESSAGES.locked);
}

/**
 * Checks the current password against the credential account (constant work for a wrong one),
 * spending one of the user's attempts (MANAGE_LIMIT) whatever the outcome.
 */
export async function checkPassword(userId: string, password: string): Promise<void> {
  await spendManageAttempt(userId);
  if (!(await passwordMatches(getDb(), userId, password))) throw new AppError("bad_request", AUTH_MESSAGES.wrongPassword);
}

export type TwoFactorSetup = { qrSvg: string; secret: string; uri: string };

/** The secret as text for manual entry, from the otpauth URI the plugin made. */
function secretOf(uri: string): string {
  return new URL(uri).searchParams.get("secret") ?? "";
}

/** Renders the otpauth URI as an SVG QR code on the server (no script, no outside service). */
export function qrSvgOf(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
}

/**
 * Step 1: with the current password, a new secret (unconfirmed until the first code). The backup
 * codes the plugin makes now are not sent: they are shown once, after the confirmation.
 */
export async function startTwoFactorEnrolment(actor: Actor, headers: Headers, password: string): Promise<TwoFactorSetup> {
  const session = await getSession(headers);
  if (session?.twoFactorEnabled) throw new AppError("conflict", AUTH_MESSAGES.alreadyEnabled);
  await checkPassword(actor.userId, password);
  // An authenticator change: the password just given is the step-up of a person with no second
  // factor; one with a passkey proves the passkey (the step-up action) first.
  await confirmFreshSecondFactor(getDb(), headers, { password });
  const result = await run(() => getAuth().api.enableTwoFactor({ body: { password }, headers }));
  if (!("totpURI" in result) || !result.totpURI) throw new AppError("internal", "Two-factor setup failed. Please try again.");
  return { qrSvg: await qrSvgOf(result.totpURI), secret: secretOf(result.totpURI), uri: result.totpURI };
}

/** Step 2: the first code turns two-factor on; the 10 backup codes are returned this once. */
export async function confirmTwoFactorEnrolment(actor: Actor, headers: Headers, code: string): Promise<{ backupCodes: string[] }> {
  const session = await getSession(headers);
  if (session?.twoFactorEnabled) throw new AppError("conflict", AUTH_MESSAGES.alreadyEnabled);
  await spendManageAttempt(actor.userId);
  // With a session the plugin turns two-factor on and replaces the session (its cookie reaches the
  // browser through nextCookies); our plugin records the code on the new one. Every other session
  // was opened with the password alone: they end here.
  const verified = await run(() => getAuth().api.verifyTOTP({ body: { code }, headers, returnHeaders: true }));
  await endOtherSessions(getDb(), actor.userId, sessionTokenFromSetCookie(verified.headers));
  const codes = await run(() => getAuth().api.viewBackupCodes({ body: { userId: actor.userId } }));
  await clearAttempts(getDb(), manageKey(actor.userId));
  await getDb().transaction(async (tx) => {
    await recordAudit(tx, { actor, action: "account.two_factor_enabled", entityType: "user", entityId: actor.userId });
    await mailAuthenticatorChange(tx, { userId: actor.userId, change: { kind: "two_factor_enabled" }, headers });
  });
  return { backupCodes: codes.backupCodes };
}

/**
 * A new set of 10 backup codes (the old set stops working), with the current password and a fresh
 * second factor (the codes are one: an authenticator change).
 */
export async function regenerateBackupCodes(actor: Actor, headers: Headers, password: string): Promise<{ backupCodes: string[] }> {
  await checkPassword(actor.userId, password);
  await confirmFreshSecondFactor(getDb(), headers, {});
  const result = await run(() => getAuth().api.generateBackupCodes({ body: { password }, headers }));
  await clearAttempts(getDb(), manageKey(actor.userId));
  await getDb().transaction(async (tx) => {
    await recordAudit(tx, { actor, action: "account.backup_codes_regenerated", entityType: "user", entityId: actor.userId });
    await mailAuthenticatorChange(tx, { userId: actor.userId, change: { kind: "backup_codes_regenerated" }, headers });
  });
  return { backupCodes: result.backupCodes };
}

/** Turns two-factor off with the password and a code from the app (or a backup code). */
export async function disableTwoFactor(
  actor: Actor,
  headers: Headers,
  input: { password: string; code: string },
): Promise<{ disabled: true }> {
  const session = await getSession(headers);
  if (!session?.twoFactorEnabled) throw new AppError("conflict", AUTH_MESSAGES.notEnabled);
  await checkPassword(actor.userId, input.password);
  await spendManageAttempt(actor.userId);
  if (/^\d{6}$/.test(input.code)) await run(() => getAuth().api.verifyTOTP({ body: { code: input.code }, headers }));
  else {
    const code = input.code.includes("-") ? input.code : `${input.code.slice(0, 5)}-${input.code.slice(5)}`;
    await run(() => getAuth().api.verifyBackupCode({ body: { code, disableSession: true }, headers }));
  }
  const disabled = await run(() => getAuth().api.disableTwoFactor({ body: { password: input.password }, headers, returnHeaders: true }));
  // Whoever turns two-factor off keeps this browser only; devices trusted to skip the code are
  // forgotten, so turning it on again starts from nothing trusted.
  await endOtherSessions(getDb(), actor.userId, sessionTokenFromSetCookie(disabled.headers));
  await revokeTrustedDevices(getDb(), actor.userId);
  await clearAttempts(getDb(), manageKey(actor.userId));
  await getDb().transaction(async (tx) => {
    await recordAudit(tx, { actor, action: "account.two_factor_disabled", entityType: "user", entityId: actor.userId });
    await mailAuthenticatorChange(tx, { userId: actor.userId, change: { kind: "two_factor_disabled" }, headers });
  });
  return { disabled: true };
}
