import "server-only";
import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/server/core/db/client";
import { passkey } from "../schema";

// A passkey as the fresh second factor of a session already signed in (../README.md, "A fresh second
// factor"). The passkey plugin's own verify step would sign in anew (a second session, a new
// cookie), so the assertion is checked here instead, against the challenge the plugin's
// generate-authenticate-options issued to this browser (its signed cookie and verification row,
// consumed once) and against a passkey of the signed-in user only. Never served over HTTP
// (http-endpoints.ts): the report download route calls it through `auth.api`.

export const FRESH_PASSKEY_PATH = "/passkey/confirm-fresh-factor";
/** The passkey plugin's challenge cookie (its `advanced.webAuthnChallengeCookie` default). */
const CHALLENGE_COOKIE = "better-auth-passkey";

const refuse = (code: string) => new APIError("BAD_REQUEST", { code, message: code });

export function freshPasskeyPlugin(db: Db, relyingParty: { rpID: string; origin: string }) {
  return {
    id: "sentinel-fresh-passkey",
    endpoints: {
      confirmFreshPasskey: createAuthEndpoint(
        FRESH_PASSKEY_PATH,
        { method: "POST", body: z.object({ response: z.custom<AuthenticationResponseJSON>((v) => typeof v === "object" && v !== null) }) },
        async (ctx) => {
          const signedIn = await getSessionFromCtx(ctx, { disableRefresh: true });
          if (!signedIn) throw new APIError("UNAUTHORIZED", { code: "NO_SESSION", message: "NO_SESSION" });
          const token = await ctx.getSignedCookie(ctx.context.createAuthCookie(CHALLENGE_COOKIE).name, ctx.context.secret);
          const stored = token ? await ctx.context.internalAdapter.consumeVerificationValue(token) : null;
          if (!stored) throw refuse("CHALLENGE_NOT_FOUND");
          const challenge = JSON.parse(stored.value) as { type?: string; expectedChallenge?: string; userData?: { id?: string } };
          // Options asked for by this same signed-in user (they listed only that user's passkeys).
          if (challenge.type !== "authentication" || !challenge.expectedChallenge || challenge.userData?.id !== signedIn.user.id) {
            throw refuse("CHALLENGE_NOT_FOUND");
          }
          const response = ctx.body.response;
          const [own] = await db
            .select()
            .from(passkey)
            .where(and(eq(passkey.credentialID, String(response.id)), eq(passkey.userId, signedIn.user.id)))
            .limit(1);
          if (!own) throw refuse("PASSKEY_NOT_FOUND");
          if (own.needsConfirmation) throw refuse("PASSKEY_NEEDS_CONFIRMATION");
          let verification;
          try {
            verification = await verifyAuthenticationResponse({
              response,
              expectedChallenge: challenge.expectedChallenge,
              expectedOrigin: relyingParty.origin,
              expectedRPID: relyingParty.rpID,
              credential: {
                id: own.credentialID,
                publicKey: new Uint8Array(Buffer.from(own.publicKey, "base64")),
                counter: own.counter,
                transports: own.transports?.split(",") as AuthenticatorTransport[] | undefined,
              },
              // Possession alone is one factor: the authenticator must have verified the person.
              requireUserVerification: true,
            });
          } catch {
            throw refuse("AUTHENTICATION_FAILED");
          }
          if (!verification.verified) throw refuse("AUTHENTICATION_FAILED");
          await db
            .update(passkey)
            .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
            .where(eq(passkey.id, own.id));
          return ctx.json({ userId: signedIn.user.id, sessionId: signedIn.session.id, passkeyCreatedAt: own.createdAt.toISOString() });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
