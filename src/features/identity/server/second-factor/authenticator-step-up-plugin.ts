import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Db } from "@/server/core/db/client";
import type { SecondFactorMethod } from "../schema";
import { AppError } from "@/server/core/errors";
import { requireFreshStepUp } from "./fresh-factor-state";
import { PASSKEY_REGISTER_PATH } from "../passkeys/hooks";
import { SSO_METHOD } from "../sso/sso-plugin";

// Adding a passkey is an authenticator change (../README.md, "A fresh second factor"): the passkey
// plugin's registration endpoints are served over HTTP, so the step-up is enforced here, before
// either step runs, and answers the prompt the report vault answers (403, `fieldErrors` naming the
// code, the passkey or the password). The browser proves it through the account's step-up action
// and asks again.

const STEP_UP_PATHS = new Set(["/passkey/generate-register-options", PASSKEY_REGISTER_PATH]);

const STATUS_OF: Partial<Record<AppError["code"], ConstructorParameters<typeof APIError>[0]>> = {
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
};

export function authenticatorStepUpPlugin(db: Db) {
  return {
    id: "sentinel-authenticator-step-up",
    hooks: {
      before: [
        {
          matcher: (ctx) => STEP_UP_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = await getSessionFromCtx(ctx, { disableRefresh: true });
            // No session: the endpoint's own session check answers 401.
            if (!signedIn) return;
            const { secondFactorMethod, secondFactorAt, signInMethod } = signedIn.session as {
              signInMethod?: string | null;
              secondFactorMethod?: SecondFactorMethod | null;
              secondFactorAt?: Date | string | null;
            };
            try {
              await requireFreshStepUp(db, {
                userId: signedIn.user.id,
                sessionId: signedIn.session.id,
                twoFactorEnabled: (signedIn.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true,
                secondFactor: secondFactorMethod ? { method: secondFactorMethod, at: new Date(secondFactorAt ?? 0) } : null,
                viaSso: signInMethod === SSO_METHOD,
              });
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              // The body our route wrappers give an AppError, so the browser reads it the same way.
              throw new APIError(STATUS_OF[error.code] ?? "BAD_REQUEST", {
                success: false,
                error: error.message,
                message: error.message,
                code: error.code,
                ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
