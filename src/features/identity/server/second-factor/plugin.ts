import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import type { Db } from "@/server/core/db/client";
import { type SecondFactorMethod, session, twoFactor } from "../schema";
import { PASSKEY_SIGN_IN_PATH } from "../passkeys/hooks";
import { recordSecondFactor } from "./second-factor";
import { claimTotpStep, totpStepOf } from "./totp-replay";

const VERIFY_TOTP_PATH = "/two-factor/verify-totp";
/** The two-factor plugin's pending sign-in cookie (its TWO_FACTOR_COOKIE_NAME). */
const PENDING_SIGN_IN_COOKIE = "two_factor";
/** An admin's session lasts a day in a browser-session cookie, however the admin signed in. */
const ADMIN_SESSION_SECONDS = 24 * 60 * 60;

/** Which factor a session made by this endpoint passed; the password alone is none. */
const FACTOR_OF_PATH: Record<string, SecondFactorMethod> = {
  [VERIFY_TOTP_PATH]: "totp",
  "/two-factor/verify-backup-code": "backup_code",
  [PASSKEY_SIGN_IN_PATH]: "passkey",
  // Only reached with a session when the two-factor plugin accepted a trusted-device cookie: for
  // any other user with two-factor on, its own hook turned the session into a pending sign-in.
  "/sign-in/email": "trusted_device",
};

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The user a code is being checked for: the signed-in one, or the pending sign-in's. */
async function userOfCodeStep(ctx: Ctx): Promise<string | null> {
  const signedIn = await getSessionFromCtx(ctx);
  if (signedIn) return signedIn.user.id;
  const pendingId = await ctx.getSignedCookie(ctx.context.createAuthCookie(PENDING_SIGN_IN_COOKIE).name, ctx.context.secret);
  if (!pendingId) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(pendingId);
  return pending?.value ?? null;
}

/** Removes the Set-Cookie lines for `name` already on the answer, so the one set next is the only one. */
export function dropSetCookie(headers: Headers | undefined, name: string): void {
  if (!headers) return;
  const kept = headers.getSetCookie().filter((line) => !line.startsWith(`${name}=`));
  headers.delete("set-cookie");
  for (const line of kept) headers.append("set-cookie", line);
}

/**
 * Our own plugin, listed after the two-factor and passkey plugins so its after-hooks see the
 * session they leave: it records the factor a new session passed, refuses a replayed app code,
 * and gives admin passkey sign-ins the same browser-session cookie as their password sign-ins.
 */
export function secondFactorPlugin(db: Db) {
  return {
    id: "sentinel-second-factor",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== "string") return;
            const userId = await userOfCodeStep(ctx);
            if (!userId) return;
            const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
            if (!row) return;
            const step = totpStepOf(await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret }), code);
            // A wrong code goes on to the plugin, which counts it against the sign-in's budgets.
            if (step === null) return;
            if (!(await claimTotpStep(db, userId, step))) {
              throw new APIError("UNAUTHORIZED", { code: "CODE_ALREADY_USED", message: AUTH_MESSAGES.codeUsed });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => Object.hasOwn(FACTOR_OF_PATH, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            if (!made) return;
            const method = FACTOR_OF_PATH[ctx.path]!;
            if (method === "trusted_device" && !made.user.twoFactorEnabled) return;
            await recordSecondFactor(db, made.session.token, method);
            if (method === "passkey" && (made.user as { role?: string }).role === "admin") {
              const expiresAt = new Date(Date.now() + ADMIN_SESSION_SECONDS * 1000);
              await db.update(session).set({ expiresAt }).where(eq(session.token, made.session.token));
              dropSetCookie(ctx.context.responseHeaders, ctx.context.authCookies.sessionToken.name);
              await setSessionCookie(ctx, { session: { ...made.session, expiresAt }, user: made.user }, true);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
