import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import { PASSKEY_MESSAGES } from "@/lib/passkey-errors";
import type { Db } from "@/server/core/db/client";
import { passkey, user } from "../schema";
import { clientMembershipOf, membershipRefusal } from "../client-membership";

// What a passkey must prove to count (docs/PRODUCT.md#passkeys). A passkey sign-in counts as
// two-factor because the authenticator verified the person (PIN, fingerprint, face) besides
// proving possession; an assertion without the user-verified flag is possession alone, one factor.

export const USER_VERIFICATION_REQUIRED = "USER_VERIFICATION_REQUIRED";
export const PASSKEY_NEEDS_CONFIRMATION = "PASSKEY_NEEDS_CONFIRMATION";
/** A client whose company is inactive, or who was removed from it: refused before any session is made. */
export const CLIENT_ACCOUNT_INACTIVE = "CLIENT_ACCOUNT_INACTIVE";

const refuse = (code: string, message: string) => new APIError("BAD_REQUEST", { code, message });

/** better-auth's passkey plugin options: registration and sign-in both need user verification. */
export function passkeyVerificationOptions(db: Db) {
  return {
    authenticatorSelection: { userVerification: "required" as const },
    registration: {
      afterVerification: ({ verification }: { verification: { registrationInfo?: { userVerified?: boolean } } }) => {
        if (!verification.registrationInfo?.userVerified)
          throw refuse(USER_VERIFICATION_REQUIRED, PASSKEY_MESSAGES.userVerificationRequired);
        return undefined;
      },
    },
    authentication: {
      afterVerification: async ({
        verification,
        clientData,
      }: {
        verification: { authenticationInfo: { userVerified: boolean } };
        clientData: { id: string };
      }) => {
        if (!verification.authenticationInfo.userVerified)
          throw refuse(USER_VERIFICATION_REQUIRED, PASSKEY_MESSAGES.userVerificationRequired);
        // Suspended by a two-factor reset until its owner confirms or removes it.
        const [row] = await db
          .select({ needsConfirmation: passkey.needsConfirmation, userId: passkey.userId, role: user.role })
          .from(passkey)
          .innerJoin(user, eq(user.id, passkey.userId))
          .where(eq(passkey.credentialID, clientData.id))
          .limit(1);
        if (row?.needsConfirmation) throw refuse(PASSKEY_NEEDS_CONFIRMATION, PASSKEY_MESSAGES.needsConfirmation);
        // An inactive company or a removed person is refused here, before the plugin makes a
        // session, as every guard would refuse it after (no session row to end afterwards).
        if (row?.role === "client") {
          const refusal = membershipRefusal(await clientMembershipOf(db, row.userId));
          if (refusal) throw new APIError("FORBIDDEN", { code: CLIENT_ACCOUNT_INACTIVE, message: refusal });
        }
      },
    },
  };
}

const AUTHENTICATE_OPTIONS_PATH = "/passkey/generate-authenticate-options";

/**
 * The passkey plugin asks the browser for user verification only as "preferred" when signing in
 * (not configurable in its options): the options now say "required", as the server enforces above,
 * so an authenticator that cannot verify the person is not offered in the first place.
 */
export function passkeyPolicyPlugin() {
  return {
    id: "sentinel-passkey-policy",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === AUTHENTICATE_OPTIONS_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const options = ctx.context.returned;
            if (!options || typeof options !== "object" || options instanceof Response || options instanceof APIError) return;
            return ctx.json({ ...(options as Record<string, unknown>), userVerification: "required" });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
