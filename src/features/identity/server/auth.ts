import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { passkey as passkeyPlugin } from "@better-auth/passkey";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import type { Db } from "@/server/core/db/client";
import { getDb } from "@/server/core/db/client";
import { account, passkey, rateLimit, session, twoFactor, user, verification } from "./schema";
import { allowedLoopbackOrigins } from "@/server/core/outbound/guarded-fetch";
import { authSecret, serverEnv } from "@/server/core/env";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { passwordResetMail } from "@/server/core/mail/templates";
import { authenticatorStepUpPlugin } from "./second-factor/authenticator-step-up-plugin";
import { generateBackupCodes } from "./second-factor/backup-codes";
import { accountLimitHooks } from "./sign-in/brute-force";
import { freshPasskeyPlugin } from "./passkeys/fresh-passkey-plugin";
import { passkeyPolicyPlugin, passkeyVerificationOptions } from "./passkeys/policy";
import { secondFactorPlugin } from "./second-factor/plugin";
import { ssoProviderAsPluginSees } from "./sso/provider-table";
import { ssoPlugin, ssoPolicyPlugin } from "./sso/sso-plugin";

export const SESSION_DAYS = 7;
export const RESET_TOKEN_SECONDS = 60 * 60;
/** "Trust this device for 30 days" at the code step (docs/PRODUCT.md#sign-in-two-factor). */
export const TRUST_DEVICE_DAYS = 30;
/** Wrong codes that end a pending sign-in (better-auth's per-challenge budget, fixed at 5). */
export const PENDING_SIGN_IN_MINUTES = 10;

function createAuth(db: Db) {
  const env = serverEnv();
  return betterAuth({
    appName: "Sentinel AI Security",
    baseURL: env.appUrl,
    secret: authSecret(),
    // The demo's and the tests' local identity provider (loopback, never in production) must be
    // trusted by the SSO plugin, which calls a company's identity provider itself
    // (src/features/identity/server/sso). A function: the HTTP handler asks again per request.
    trustedOrigins: () => [env.appUrl, ...allowedLoopbackOrigins()],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor, passkey, ssoProvider: ssoProviderAsPluginSees },
      // The SSO plugin resolves a person inside one transaction with the account and session it makes.
      transaction: true,
    }),
    user: {
      additionalFields: {
        // Server-owned: input false means no sign-up or update call can set it.
        role: { type: "string", required: false, defaultValue: "client", input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Accounts are created by admins (invitations) and the CLI, never by public sign-up.
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, token }) => {
        const url = `${env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueEmail(db, {
          to: target.email,
          kind: "password_reset",
          secretLinkExpiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
          ...(await passwordResetMail(url)),
        });
      },
    },
    // Reset and invitation tokens are stored as SHA-256 hashes: a read of the verification table
    // (a backup, a leaked dump) yields no usable link. Rows written in plain text before this
    // setting are still found (better-auth falls back to the plain identifier) until they expire.
    verification: { storeIdentifier: "hashed" },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
      // Written by our hooks only (passkeys/hooks.ts, second-factor/plugin.ts), never by a request.
      additionalFields: {
        signInMethod: { type: "string", required: false, input: false },
        secondFactorMethod: { type: "string", required: false, input: false },
        secondFactorAt: { type: "date", required: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/passkey/verify-authentication": { window: 60, max: 10 },
      },
    },
    // Requesting and completing a reset go through our server actions only
    // (src/features/identity/server/password/reset.ts): they answer the same way, in the same time, for known
    // and unknown emails and add the per-account limits. The HTTP twins would bypass both.
    // Passkeys are listed, renamed and removed through our own functions (audited,
    // src/features/identity/server/passkeys/account-passkeys.ts), so the plugin's twins are off.
    disabledPaths: [
      "/request-password-reset",
      "/reset-password",
      "/passkey/list-user-passkeys",
      "/passkey/update-passkey",
      "/passkey/delete-passkey",
      // A company's identity provider is set up and its flows started through our own functions
      // (owners only, audited: src/features/sso); the plugin's own doors stay shut.
      "/sso/register",
      "/sso/providers",
      "/sso/get-provider",
      "/sso/update-provider",
      "/sso/delete-provider",
      "/sso/request-domain-verification",
      "/sso/verify-domain",
      "/sign-in/sso",
    ],
    // The per-account sign-in limit, for HTTP and direct api calls alike.
    hooks: accountLimitHooks(db),
    advanced: {
      // src/proxy.ts replaces X-Forwarded-For with the single address its rule chose (TRUST_PROXY,
      // src/server/core/client-address.ts). better-auth without trustedProxies accepts exactly one
      // address in the header, so both layers key on the same client. trustedProxies must stay
      // unset: the chain is already resolved, and walking it again would skip a client whose own
      // address lies in a proxy range.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    telemetry: { enabled: false },
    plugins: [
      twoFactorPlugin({
        issuer: "Sentinel AI Security",
        // Backup codes encrypted with a key derived from the secret, like the TOTP secret itself:
        // the table alone yields nothing usable. The codes avoid look-alike glyphs (backup-codes.ts).
        backupCodeOptions: { storeBackupCodes: "encrypted", customBackupCodesGenerate: generateBackupCodes },
        trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
        twoFactorCookieMaxAge: PENDING_SIGN_IN_MINUTES * 60,
        // 10 wrong codes in a row (across sign-ins) lock the account's code step for 15 minutes.
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      // Relying party and origin from APP_URL: a passkey made for this deployment's address works
      // on no other (README.md, "Passkeys").
      passkeyPlugin({
        rpID: new URL(env.appUrl).hostname,
        rpName: "Sentinel AI Security",
        origin: new URL(env.appUrl).origin,
        ...passkeyVerificationOptions(db),
      }),
      // A passkey as the fresh second factor of a signed-in session (internal: not served over HTTP).
      freshPasskeyPlugin(db, { rpID: new URL(env.appUrl).hostname, origin: new URL(env.appUrl).origin }),
      // Sign-in options ask for user verification, as the server requires it.
      passkeyPolicyPlugin(),
      // Adding a passkey needs a fresh step-up (README.md, "A fresh second factor").
      authenticatorStepUpPlugin(db),
      // After the two plugins above, so its hooks see the sessions they make or keep.
      secondFactorPlugin(db),
      // Sign-in through a company's identity provider (docs/PRODUCT.md#single-sign-on).
      ssoPlugin(),
      ssoPolicyPlugin(db),
      // Must stay last: it hands the cookies set by everything before it to the browser.
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One auth instance per database handle: tests install a fresh database per file.
const instances = new WeakMap<Db, Auth>();

export function getAuth(): Auth {
  const db = getDb();
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return auth;
}
