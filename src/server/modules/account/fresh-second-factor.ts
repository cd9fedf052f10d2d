import "server-only";
import { symmetricDecrypt } from "better-auth/crypto";
import { APIError } from "better-auth/api";
import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { passkeyAssertionSchema } from "@/lib/validation/reports";
import type { DbOrTx } from "@/server/core/db/client";
import { passkey, session as sessionTable, twoFactor } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { enforceRateLimit } from "@/server/core/rate-limit";
import { getAuth } from "./auth";
import { getSession } from "./session";
import { claimTotpStep, totpStepOf } from "./totp-replay";

// A fresh second factor for what a leaked session must not reach on its own: the report vault's
// downloads (docs/PRODUCT.md#portal-reports). A person with two-factor (an authenticator app or a
// passkey) passes when their session proved an app code, a backup code or a passkey in the last
// five minutes (a trusted device's pass is no proof of presence); otherwise they are asked, in
// place, for a code from their app or their passkey, whichever they have.

export const FRESH_FACTOR_MINUTES = 5;
export const FRESH_CODE_PROMPT = "Enter the 6-digit code from your authenticator app to confirm it is you.";
export const FRESH_CODE_WRONG = "That code is not right, or was already used. Enter the current code from your authenticator app.";
export const FRESH_PASSKEY_PROMPT = "Use your passkey to confirm it is you.";
export const FRESH_PASSKEY_WRONG = "Your passkey could not confirm it is you. Try again with a passkey of this account.";
export const FRESH_PASSKEY_EXPIRED = "The passkey request expired. Try again.";
const FRESH_EITHER_PROMPT = "Confirm it is you: enter the code from your authenticator app, or use your passkey.";
const CODE_RULE = { windowSeconds: 300, max: 5 };

export type FreshFactorProof = { code?: string; passkey?: z.infer<typeof passkeyAssertionSchema> };

/**
 * Passes when the request's person has no second factor, or proved one in the last five minutes,
 * or proves one now: a right, unused app code, or a passkey of their own answering the challenge
 * their browser was given (either then counts as the session's fresh factor). Otherwise a 403
 * whose `fieldErrors` name what to ask for (`code`, `passkey`, or both); a wrong proof is a 400.
 */
export async function confirmFreshSecondFactor(db: DbOrTx, headers: Headers, proof: FreshFactorProof, now = new Date()): Promise<void> {
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  const hasPasskey = (await usablePasskeys(db, session.userId)) > 0;
  if (!session.twoFactorEnabled && !hasPasskey) return;
  const factor = session.secondFactor;
  const fresh = factor && factor.method !== "trusted_device" && now.getTime() - factor.at.getTime() <= FRESH_FACTOR_MINUTES * 60_000;
  if (fresh) return;
  if (proof.passkey && hasPasskey) {
    await limitFreshFactorProofs(db, session.userId);
    await confirmWithPasskey(headers, { userId: session.userId, sessionId: session.sessionId }, proof.passkey);
    await db.update(sessionTable).set({ secondFactorMethod: "passkey", secondFactorAt: now }).where(eq(sessionTable.id, session.sessionId));
    return;
  }
  if (!proof.code || !session.twoFactorEnabled) {
    const fieldErrors = {
      ...(session.twoFactorEnabled ? { code: FRESH_CODE_PROMPT } : {}),
      ...(hasPasskey ? { passkey: FRESH_PASSKEY_PROMPT } : {}),
    };
    const message =
      session.twoFactorEnabled && hasPasskey ? FRESH_EITHER_PROMPT : session.twoFactorEnabled ? FRESH_CODE_PROMPT : FRESH_PASSKEY_PROMPT;
    throw new AppError("forbidden", message, { fieldErrors });
  }
  await limitFreshFactorProofs(db, session.userId);
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, session.userId)).limit(1);
  const secret = row ? await symmetricDecrypt({ key: (await getAuth().$context).secretConfig, data: row.secret }) : null;
  const step = secret ? totpStepOf(secret, proof.code.trim(), now.getTime()) : null;
  if (step === null || !(await claimTotpStep(db, session.userId, step))) {
    throw new AppError("bad_request", FRESH_CODE_WRONG, { fieldErrors: { code: FRESH_CODE_WRONG } });
  }
  await db.update(sessionTable).set({ secondFactorMethod: "totp", secondFactorAt: now }).where(eq(sessionTable.id, session.sessionId));
}

/** Passkeys that can sign in: one on hold since a two-factor reset proves nothing until confirmed. */
async function usablePasskeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passkey)
    .where(and(eq(passkey.userId, userId), eq(passkey.needsConfirmation, false)));
  return row?.n ?? 0;
}

/**
 * The assertion checked by our better-auth endpoint (fresh-passkey-plugin.ts) against the challenge
 * of this browser and a passkey of this signed-in user; the answer must name this very session.
 */
async function confirmWithPasskey(
  headers: Headers,
  signedIn: { userId: string; sessionId: string },
  response: NonNullable<FreshFactorProof["passkey"]>,
) {
  let verified: { userId: string; sessionId: string };
  try {
    verified = await getAuth().api.confirmFreshPasskey({ headers, body: { response: { ...response, clientExtensionResults: {} } } });
  } catch (failure) {
    if (!(failure instanceof APIError)) throw failure;
    const expired = (failure.body as { code?: string } | undefined)?.code === "CHALLENGE_NOT_FOUND";
    const message = expired ? FRESH_PASSKEY_EXPIRED : FRESH_PASSKEY_WRONG;
    throw new AppError("bad_request", message, { fieldErrors: { passkey: message } });
  }
  if (verified.userId !== signedIn.userId || verified.sessionId !== signedIn.sessionId) {
    throw new AppError("bad_request", FRESH_PASSKEY_WRONG, { fieldErrors: { passkey: FRESH_PASSKEY_WRONG } });
  }
}

/** Five proofs per person in five minutes: a six-digit code cannot be guessed through this door. */
async function limitFreshFactorProofs(db: DbOrTx, userId: string): Promise<void> {
  await enforceRateLimit(db, `fresh-factor:${userId}`, CODE_RULE);
}
