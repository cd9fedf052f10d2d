import "server-only";
import { symmetricDecrypt } from "better-auth/crypto";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import type { passkeyAssertionSchema } from "@/features/identity/validation/step-up";
import type { SignatureMethod } from "@/lib/domain/signature-method";
import type { DbOrTx } from "@/server/core/db/client";
import { session as sessionTable, twoFactor } from "@/features/identity/server/schema";
import { AppError } from "@/server/core/errors";
import { enforceRateLimit } from "@/server/core/rate-limit";
import { passwordMatches } from "../password/check";
import { getAuth } from "../auth";
import {
  addedWithinWindow,
  type FreshFactorMethod,
  recordPasswordProof,
  stepUpPrompt,
  stepUpState,
  takeIdentityProviderProof,
} from "./fresh-factor-state";
import { getSession } from "../sessions/session";
import { claimTotpStep, totpStepOf } from "./totp-replay";
export { FRESH_CODE_PROMPT, FRESH_IDP_PROMPT, FRESH_PASSKEY_PROMPT, FRESH_PASSWORD_PROMPT } from "./fresh-factor-state";

// The step-up for what a leaked session must not reach on its own: the report vault's downloads
// (docs/PRODUCT.md#portal-reports) and every change of an authenticator (docs/PRODUCT.md#passkeys,
// docs/PRODUCT.md#sign-in-two-factor). A person with a second factor (an authenticator app or a
// passkey) passes when their session proved one in the last five minutes, a person with none when
// it proved the password; otherwise they are asked, in place, for what they have.

export const FRESH_CODE_WRONG = "That code is not right, or was already used. Enter the current code from your authenticator app.";
export const FRESH_PASSKEY_WRONG = "Your passkey could not confirm it is you. Try again with a passkey of this account.";
export const FRESH_PASSKEY_EXPIRED = "The passkey request expired. Try again.";
export const FRESH_PASSKEY_TOO_NEW =
  "This passkey was added less than 5 minutes ago and cannot confirm it is you yet. Use your authenticator app or another passkey, or try again in a few minutes.";
export const FRESH_PASSWORD_WRONG = AUTH_MESSAGES.wrongPassword;
const CODE_RULE = { windowSeconds: 300, max: 5 };

export type FreshFactorProof = { code?: string; passkey?: z.infer<typeof passkeyAssertionSchema>; password?: string };

const refused = (field: keyof FreshFactorProof, message: string) =>
  new AppError("bad_request", message, { fieldErrors: { [field]: message } });

/**
 * Passes when the request's session is fresh (fresh-factor-state.ts), or proves it now: a right,
 * unused app code or a passkey of the person's own answering the challenge their browser was given
 * (then the session's factor), or, for a person with no second factor, the password (then a
 * password proof of the session); either counts for the next five minutes. Otherwise a 403 whose
 * `fieldErrors` name what to ask for (`code`, `passkey`, both, or `password`); a wrong proof is a 400.
 * Answers how the step-up was proved (a signed authorization records it).
 */
export async function confirmFreshSecondFactor(
  db: DbOrTx,
  headers: Headers,
  proof: FreshFactorProof,
  now = new Date(),
): Promise<FreshFactorMethod> {
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  const { fresh, hasPasskey, via } = await stepUpState(db, session, now);
  if (fresh && via) return via;
  // A session made through the company's identity provider proves itself there (a fresh sign-in,
  // sso-plugin.ts), never with a password of ours.
  if (!session.twoFactorEnabled && !hasPasskey && session.viaSso) throw stepUpPrompt(session, hasPasskey);
  const factor = await proveNow(db, headers, session, hasPasskey, proof, now);
  return factor === "password" ? "password" : "second_factor";
}

/** How long a fresh sign-in at the identity provider may be old when a signature relies on it: the round trip the signature asked for. */
const SIGNING_IDP_PROOF_MS = 2 * 60_000;

/**
 * The proof of a signature (docs/PRODUCT.md#engagement-authorization), given at the moment of
 * signing: an app code, a passkey or (without either) the password sent with this very request; a
 * step-up proved earlier, on another screen, signs nothing. A person who proves themselves only at
 * the company's identity provider needs a sign-in there made for this signature (in the last two
 * minutes, used once). Answers the factor used, as the sealed record names it.
 */
export async function confirmSignatureFactor(
  db: DbOrTx,
  headers: Headers,
  proof: FreshFactorProof,
  now = new Date(),
): Promise<SignatureMethod> {
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  const { hasPasskey } = await stepUpState(db, session, now);
  if (!session.twoFactorEnabled && !hasPasskey && session.viaSso) {
    if (await takeIdentityProviderProof(db, session.sessionId, now, SIGNING_IDP_PROOF_MS)) return "identity_provider";
    throw stepUpPrompt(session, hasPasskey);
  }
  return proveNow(db, headers, session, hasPasskey, proof, now);
}

type SignedInSession = NonNullable<Awaited<ReturnType<typeof getSession>>>;

/**
 * Checks the proof sent with this request: a person with no second factor, the password (then a
 * password proof of the session); a passkey of the person's own; or a right, unused app code (then
 * the session's factor). Either counts as a step-up for the next five minutes. Without a proof, the
 * prompt naming what to send.
 */
async function proveNow(
  db: DbOrTx,
  headers: Headers,
  session: SignedInSession,
  hasPasskey: boolean,
  proof: FreshFactorProof,
  now: Date,
): Promise<"authenticator_app" | "passkey" | "password"> {
  if (!session.twoFactorEnabled && !hasPasskey) {
    if (!proof.password) throw stepUpPrompt(session, hasPasskey);
    await limitFreshFactorProofs(db, session.userId);
    if (!(await passwordMatches(db, session.userId, proof.password))) throw refused("password", FRESH_PASSWORD_WRONG);
    await recordPasswordProof(db, session.sessionId, now);
    return "password";
  }
  if (proof.passkey && hasPasskey) {
    await limitFreshFactorProofs(db, session.userId);
    const createdAt = await confirmWithPasskey(headers, { userId: session.userId, sessionId: session.sessionId }, proof.passkey);
    if (addedWithinWindow(createdAt, now)) throw refused("passkey", FRESH_PASSKEY_TOO_NEW);
    await db.update(sessionTable).set({ secondFactorMethod: "passkey", secondFactorAt: now }).where(eq(sessionTable.id, session.sessionId));
    return "passkey";
  }
  if (!proof.code || !session.twoFactorEnabled) throw stepUpPrompt(session, hasPasskey);
  await limitFreshFactorProofs(db, session.userId);
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, session.userId)).limit(1);
  const secret = row ? await symmetricDecrypt({ key: (await getAuth().$context).secretConfig, data: row.secret }) : null;
  const step = secret ? totpStepOf(secret, proof.code.trim(), now.getTime()) : null;
  if (step === null || !(await claimTotpStep(db, session.userId, step))) throw refused("code", FRESH_CODE_WRONG);
  await db.update(sessionTable).set({ secondFactorMethod: "totp", secondFactorAt: now }).where(eq(sessionTable.id, session.sessionId));
  return "authenticator_app";
}

/**
 * The assertion checked by our better-auth endpoint (../passkeys/fresh-passkey-plugin.ts) against the challenge
 * of this browser and a passkey of this signed-in user; the answer must name this very session.
 * Answers when the passkey that answered was added.
 */
async function confirmWithPasskey(
  headers: Headers,
  signedIn: { userId: string; sessionId: string },
  response: NonNullable<FreshFactorProof["passkey"]>,
): Promise<Date> {
  let verified: { userId: string; sessionId: string; passkeyCreatedAt: string };
  try {
    verified = await getAuth().api.confirmFreshPasskey({ headers, body: { response: { ...response, clientExtensionResults: {} } } });
  } catch (failure) {
    if (!(failure instanceof APIError)) throw failure;
    const expired = (failure.body as { code?: string } | undefined)?.code === "CHALLENGE_NOT_FOUND";
    throw refused("passkey", expired ? FRESH_PASSKEY_EXPIRED : FRESH_PASSKEY_WRONG);
  }
  if (verified.userId !== signedIn.userId || verified.sessionId !== signedIn.sessionId) throw refused("passkey", FRESH_PASSKEY_WRONG);
  return new Date(verified.passkeyCreatedAt);
}

/** Five proofs per person in five minutes: neither a code nor a password can be guessed through this door. */
async function limitFreshFactorProofs(db: DbOrTx, userId: string): Promise<void> {
  await enforceRateLimit(db, `fresh-factor:${userId}`, CODE_RULE);
}
