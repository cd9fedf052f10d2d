"use server";

// The step-up's two actions (docs/PRODUCT.md#passkeys, docs/PRODUCT.md#single-sign-on), called by the
// prompt in components/use-step-up.tsx from any slice's screen.
import { cookies, headers as nextHeaders } from "next/headers";
import { ssoStepUpSchema, stepUpProofSchema } from "@/features/identity/validation/step-up";
import { clientAction, confirmFreshSecondFactor, getSession } from "@/features/identity/server";
import { accountAction } from "@/features/identity/server/sessions/route-guards";
import { startSsoStepUp } from "@/features/identity/server/sso/start";
import { getDb } from "@/server/core/get-db";
import { AppError } from "@/server/core/errors";

/**
 * The step-up before an authenticator change (docs/PRODUCT.md#passkeys): the proof the change's
 * refusal asked for (a code, a passkey's answer or the password); the change is then asked again.
 */
export const confirmStepUpAction = accountAction(stepUpProofSchema, async (_actor, input, headers) => {
  await confirmFreshSecondFactor(getDb(), headers, input);
  return { confirmed: true as const };
});

/**
 * The step-up of a person signed in through their company's identity provider, with no passkey or
 * app of ours (docs/PRODUCT.md#single-sign-on): the browser goes to the provider for a fresh sign-in
 * and comes back to `returnTo`, its session then fresh for five minutes.
 */
export const startSsoStepUpAction = clientAction(ssoStepUpSchema, async (actor, input) => {
  const headers = new Headers(await nextHeaders());
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  const started = await startSsoStepUp(
    getDb(),
    { ...actor, sessionId: session.sessionId, viaSso: session.viaSso },
    input.returnTo,
    headers,
  );
  (await cookies()).set(started.flowCookie.name, started.flowCookie.value, started.flowCookie.options);
  return { url: started.url };
});
