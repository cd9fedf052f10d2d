// Tables owned by better-auth (names and columns follow its core schema).
// No "server-only" import in schema files: drizzle-kit loads them outside Next to generate migrations.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { SIGN_IN_METHODS } from "@/lib/domain/sign-in-method";
import { createdAt } from "@/server/core/db/schema/columns";
import { oneOf } from "@/server/core/db/schema/one-of";

export const USER_ROLES = ["client", "admin"] as const;

export type UserRole = (typeof USER_ROLES)[number];

const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    // The role lives on the server only; better-auth exposes it as an additional field with input: false.
    role: text("role", { enum: USER_ROLES }).notNull().default("client"),
    // Set by better-auth's two-factor plugin once the first code is confirmed.
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    // The last completed sign-in; null until the first, which sends no new-browser mail
    // (docs/PRODUCT.md#account-security).
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    // How that sign-in was made (docs/PRODUCT.md#portal-team); null before the first, or when it
    // was made before this was recorded.
    lastSignInMethod: text("last_sign_in_method", { enum: SIGN_IN_METHODS }),
    ...timestamps,
  },
  (t) => [
    check("user_role_check", sql`${t.role} in ('client', 'admin')`),
    check("user_last_sign_in_method_check", oneOf(t.lastSignInMethod, SIGN_IN_METHODS)),
  ],
);

/** How a session passed its second factor: an app code, a backup code, a passkey with user
 * verification, or a device trusted at an earlier code step. */
export const SECOND_FACTOR_METHODS = ["totp", "backup_code", "passkey", "trusted_device"] as const;

export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // "passkey" for a session made by a passkey sign-in; null for a password sign-in.
    signInMethod: text("sign_in_method"),
    // The second factor this session passed and when (docs/PRODUCT.md#sign-in-two-factor): written
    // by our hooks when the factor is passed, never derived from the user's current settings, so a
    // session opened before an enrolment never becomes a two-factor one.
    secondFactorMethod: text("second_factor_method", { enum: SECOND_FACTOR_METHODS }),
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    // A session made through a company's identity provider: when the person last proved themselves
    // there (the ID token's auth_time, or the sign-in's time when the provider gave none).
    ssoAuthAt: timestamp("sso_auth_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// Stored in the database so limits hold across several app instances.
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// better-auth's two-factor plugin: the TOTP secret and the backup codes, both encrypted with a key
// derived from AUTH_SECRET (storeBackupCodes: "encrypted"), never readable from a dump.
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // False between "enable" and the first confirmed code.
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // The newest TOTP time step accepted (unix time / 30 s): a code of this step or an earlier one
    // is refused, so one code never signs in twice.
    lastTotpStep: integer("last_totp_step"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

// better-auth's passkey plugin (WebAuthn credentials): the public key only; the private key never
// leaves the user's authenticator.
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: createdAt(),
    // Stamped by our sign-in hook (the plugin keeps no such column): shown in the passkeys list.
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    // Set by a two-factor reset: the passkey signs nobody in until its owner confirms it (with the
    // password) or removes it (docs/PRODUCT.md#passkeys).
    needsConfirmation: boolean("needs_confirmation").notNull().default(false),
  },
  (t) => [index("passkey_user_id_idx").on(t.userId)],
);
