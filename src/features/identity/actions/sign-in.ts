"use server";

// Server actions behind the sign-in and password forms: validated by publicAction with the forms'
// own schemas, then handed to the flows in src/features/identity/server (where the limits and role checks live).
import { emailChangeTokenSchema, passkeySignInSchema, signInCodeSchema } from "@/features/identity/validation/account";
import { cookies } from "next/headers";
import {
  adminLoginSchema,
  clientLoginSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  ssoEmailSchema,
} from "@/features/identity/validation/sign-in";
import { limitSsoLookups } from "@/features/identity/server";
import { startSsoSignIn } from "@/features/identity/server/sso/start";
import { getDb } from "@/server/core/get-db";
import { publicAction } from "@/server/core/handler";
import { finishPasskeySignIn } from "@/features/identity/server/passkeys/sign-in";
import { requestPasswordReset, resetPasswordWithToken } from "@/features/identity/server/password/reset";
import { confirmEmailChange } from "@/features/identity/server/profile/email-change";
import { signInToArea, verifySignInCode } from "@/features/identity/server/sign-in/sign-in";

export const signInClientAction = publicAction(clientLoginSchema, (input, { headers }) => signInToArea("client", input, headers));

export const signInAdminAction = publicAction(adminLoginSchema, (input, { headers }) => signInToArea("admin", input, headers));

export const verifySignInCodeAction = publicAction(signInCodeSchema, (input, { headers }) => verifySignInCode(input, headers));

export const requestPasswordResetAction = publicAction(forgotPasswordSchema, (input, { headers, defer }) =>
  requestPasswordReset(input, headers, defer),
);

export const resetPasswordAction = publicAction(resetPasswordSchema, (input, { headers }) => resetPasswordWithToken(input, headers));

export const finishPasskeySignInAction = publicAction(passkeySignInSchema, (input, { headers }) =>
  finishPasskeySignIn(input.area, headers),
);

/** The link mailed to a new sign-in address: whoever opens it confirms the change (docs/PRODUCT.md#portal-settings). */
export const confirmEmailChangeAction = publicAction(emailChangeTokenSchema, (input) => confirmEmailChange(input.token));

/** Starts a sign-in through the company's identity provider; the browser goes to the returned address. */
export const startSsoSignInAction = publicAction(ssoEmailSchema, async (input, { headers }) => {
  await limitSsoLookups(getDb(), headers);
  const started = await startSsoSignIn(getDb(), input.email, headers);
  (await cookies()).set(started.flowCookie.name, started.flowCookie.value, started.flowCookie.options);
  return { url: started.url };
});
