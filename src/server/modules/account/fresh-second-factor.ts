import "server-only";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { session as sessionTable, twoFactor } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { enforceRateLimit } from "@/server/core/rate-limit";
import { getAuth } from "./auth";
import { getSession } from "./session";
import { claimTotpStep, totpStepOf } from "./totp-replay";

// A fresh second factor for what a leaked session must not reach on its own: the report vault's
// downloads (docs/PRODUCT.md#portal-reports). A person with two-factor passes when their session
// proved an app code, a backup code or a passkey in the last five minutes (a trusted device's pass
// is no proof of presence); otherwise they are asked, in place, for a code from their app.

export const FRESH_FACTOR_MINUTES = 5;
export const FRESH_CODE_PROMPT = "Enter the 6-digit code from your authenticator app to confirm it is you.";
export const FRESH_CODE_WRONG = "That code is not right, or was already used. Enter the current code from your authenticator app.";
export const FRESH_PASSKEY_PROMPT = "Sign out and sign in again with your passkey, then download within five minutes.";
const CODE_RULE = { windowSeconds: 300, max: 5 };

/**
 * Passes when the request's person has no second factor, or proved one in the last five minutes,
 * or gives a right, unused app code now (which then counts as the session's fresh factor).
 * Otherwise a 403 whose `fieldErrors.code` asks for the code (a 400 for a wrong one).
 */
export async function confirmFreshSecondFactor(db: DbOrTx, headers: Headers, code: string | undefined, now = new Date()): Promise<void> {
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  const factor = session.secondFactor;
  const hasTwoFactor = session.twoFactorEnabled || factor?.method === "passkey";
  if (!hasTwoFactor) return;
  const fresh = factor && factor.method !== "trusted_device" && now.getTime() - factor.at.getTime() <= FRESH_FACTOR_MINUTES * 60_000;
  if (fresh) return;
  if (!session.twoFactorEnabled) throw new AppError("forbidden", FRESH_PASSKEY_PROMPT);
  if (!code) throw new AppError("forbidden", FRESH_CODE_PROMPT, { fieldErrors: { code: FRESH_CODE_PROMPT } });
  await limitFreshFactorCodes(db, session.userId);
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, session.userId)).limit(1);
  const secret = row ? await symmetricDecrypt({ key: (await getAuth().$context).secretConfig, data: row.secret }) : null;
  const step = secret ? totpStepOf(secret, code.trim(), now.getTime()) : null;
  if (step === null || !(await claimTotpStep(db, session.userId, step))) {
    throw new AppError("bad_request", FRESH_CODE_WRONG, { fieldErrors: { code: FRESH_CODE_WRONG } });
  }
  await db.update(sessionTable).set({ secondFactorMethod: "totp", secondFactorAt: now }).where(eq(sessionTable.id, session.sessionId));
}

/** Five codes per person in five minutes: a six-digit code cannot be guessed through this door. */
async function limitFreshFactorCodes(db: DbOrTx, userId: string): Promise<void> {
  await enforceRateLimit(db, `fresh-factor:${userId}`, CODE_RULE);
}
