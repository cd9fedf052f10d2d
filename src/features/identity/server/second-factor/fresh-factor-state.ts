import "server-only";
import { and, count, eq, gt, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { passkey, type SecondFactorMethod, verification } from "../schema";
import { AppError } from "@/server/core/errors";

// Whether a session has proved, in the last five minutes, what a step-up asks of its person
// (../README.md, "A fresh second factor"). No better-auth or session import: the passkey step-up hook
// (authenticator-step-up-plugin.ts) runs inside better-auth and reads the session from its context.

export const FRESH_FACTOR_MINUTES = 5;
const WINDOW_MS = FRESH_FACTOR_MINUTES * 60_000;
export const FRESH_CODE_PROMPT = "Enter the 6-digit code from your authenticator app to confirm it is you.";
export const FRESH_PASSKEY_PROMPT = "Use your passkey to confirm it is you.";
export const FRESH_PASSWORD_PROMPT = "Enter your password to confirm it is you.";
export const FRESH_IDP_PROMPT = "Sign in again at your company's identity provider to confirm it is you.";
const FRESH_EITHER_PROMPT = "Confirm it is you: enter the code from your authenticator app, or use your passkey.";

/** What a step-up needs to know of the session (from our getSession or better-auth's context). */
export type StepUpSession = {
  userId: string;
  sessionId: string;
  twoFactorEnabled: boolean;
  secondFactor: { method: SecondFactorMethod; at: Date } | null;
  /** Made through the company's identity provider: its person proves itself there, never with a password here. */
  viaSso: boolean;
};

/**
 * A proof of a session without a second factor of ours, kept as a verification row for its five
 * minutes: the password, or (for a session made through the company's identity provider) a fresh
 * sign-in there.
 */
const proofIds = (sessionId: string) => ({ password: `fresh-password:${sessionId}`, identity_provider: `fresh-idp:${sessionId}` });

export async function recordPasswordProof(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await recordProof(db, proofIds(sessionId).password, now);
}

/** The person signed in again at their company's identity provider just now (sso-plugin.ts checked auth_time). */
export async function recordIdentityProviderProof(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await recordProof(db, proofIds(sessionId).identity_provider, now);
}

/**
 * Takes (and so uses up) the session's fresh sign-in at the identity provider when it was made in
 * the last `withinMs`: a signature's proof for a person who proves themselves only there
 * (docs/PRODUCT.md#engagement-authorization). The row's expiry is its making plus the window.
 */
export async function takeIdentityProviderProof(db: DbOrTx, sessionId: string, now: Date, withinMs: number): Promise<boolean> {
  const taken = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, proofIds(sessionId).identity_provider),
        gt(verification.expiresAt, new Date(now.getTime() - withinMs + WINDOW_MS)),
      ),
    )
    .returning({ id: verification.id });
  return taken.length > 0;
}

async function recordProof(db: DbOrTx, identifier: string, now: Date): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, identifier));
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier,
    // Never the bare user id: revokeTrustedDevices deletes rows whose value is one.
    value: identifier,
    expiresAt: new Date(now.getTime() + WINDOW_MS),
  });
}

/** Passkeys that can sign in: one on hold since a two-factor reset proves nothing until confirmed. */
export async function usablePasskeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passkey)
    .where(and(eq(passkey.userId, userId), eq(passkey.needsConfirmation, false)));
  return row?.n ?? 0;
}

/**
 * Whether a passkey of the user was added in the five minutes up to `at`. A passkey proof made then
 * may have been the new passkey's, and a passkey added minutes ago does not vouch for its person
 * (whoever held the session could have added it); proofs with older passkeys are asked again.
 */
async function passkeyAddedJustBefore(db: DbOrTx, userId: string, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(passkey)
    .where(and(eq(passkey.userId, userId), gt(passkey.createdAt, new Date(at.getTime() - WINDOW_MS)), lte(passkey.createdAt, at)));
  return (row?.n ?? 0) > 0;
}

/** Whether `createdAt` is within the step-up window before `now`: such a passkey's answer is no step-up. */
export const addedWithinWindow = (createdAt: Date, now: Date) => now.getTime() - createdAt.getTime() < WINDOW_MS;

/**
 * The session's state for a step-up: whether the person has a second factor (an authenticator app,
 * or a passkey not on hold), and whether the session proved one (or, without any, the password) in
 * the last five minutes. A trusted device's pass is no proof of presence.
 */
export async function stepUpState(
  db: DbOrTx,
  s: StepUpSession,
  now: Date,
): Promise<{ fresh: boolean; hasPasskey: boolean; via?: FreshFactorMethod }> {
  const hasPasskey = (await usablePasskeys(db, s.userId)) > 0;
  const factor = s.secondFactor;
  if (factor && factor.method !== "trusted_device" && now.getTime() - factor.at.getTime() <= WINDOW_MS) {
    if (factor.method !== "passkey" || !(await passkeyAddedJustBefore(db, s.userId, factor.at)))
      return { fresh: true, hasPasskey, via: "second_factor" };
  }
  const ids = proofIds(s.sessionId);
  const [proof] = await db
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(and(inArray(verification.identifier, [ids.password, ids.identity_provider]), gt(verification.expiresAt, now)))
    .limit(1);
  if (!proof) return { fresh: false, hasPasskey };
  return { fresh: true, hasPasskey, via: proof.identifier === ids.identity_provider ? "identity_provider" : "password" };
}

/** How a fresh step-up was proved: a second factor (app code or passkey), the password, or a fresh sign-in at the company's identity provider. */
export type FreshFactorMethod = "second_factor" | "password" | "identity_provider";

/**
 * The 403 naming what to ask for: the app's code and/or a passkey; for a person with neither, the
 * password, or a fresh sign-in at the identity provider when the session was made there (an SSO
 * session alone never passes a step-up, and such a person may have no password here).
 */
export function stepUpPrompt(s: StepUpSession, hasPasskey: boolean): AppError {
  if (!s.twoFactorEnabled && !hasPasskey && s.viaSso) {
    return new AppError("forbidden", FRESH_IDP_PROMPT, { fieldErrors: { identityProvider: FRESH_IDP_PROMPT } });
  }
  if (!s.twoFactorEnabled && !hasPasskey) {
    return new AppError("forbidden", FRESH_PASSWORD_PROMPT, { fieldErrors: { password: FRESH_PASSWORD_PROMPT } });
  }
  const fieldErrors = {
    ...(s.twoFactorEnabled ? { code: FRESH_CODE_PROMPT } : {}),
    ...(hasPasskey ? { passkey: FRESH_PASSKEY_PROMPT } : {}),
  };
  const message = s.twoFactorEnabled && hasPasskey ? FRESH_EITHER_PROMPT : s.twoFactorEnabled ? FRESH_CODE_PROMPT : FRESH_PASSKEY_PROMPT;
  return new AppError("forbidden", message, { fieldErrors });
}

/** Passes a fresh session; otherwise the step-up prompt (no proof is taken here). */
export async function requireFreshStepUp(db: DbOrTx, s: StepUpSession, now = new Date()): Promise<void> {
  const { fresh, hasPasskey } = await stepUpState(db, s, now);
  if (!fresh) throw stepUpPrompt(s, hasPasskey);
}
