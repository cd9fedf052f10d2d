import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { emailSchema, nameText, uuidSchema } from "@/lib/validation/common";
import { mismatch, newPassword, PASSWORD_MAX, passwordField, passwordsMatch } from "@/features/identity/validation/sign-in";

// Account security forms (two-factor enrolment and sign-in codes), shared by the forms and the
// server actions (docs/PRODUCT.md#sign-in-two-factor).

const currentPassword = passwordField(1, "Enter your current password");

/** A code typed by hand: spaces between its groups are dropped before `shape` is checked; every fault has the one message. */
const typedCode = (maxLength: number, shape: RegExp, message: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: message }).check(z.maxLength(maxLength, message)),
      z.transform((value: string) => value.replace(/\s+/g, "")),
    ),
    z.string().check(z.regex(shape, message)),
  );

/** A 6-digit code from the authenticator app; spaces people type between groups are dropped. */
export const totpCodeSchema = typedCode(20, /^\d{6}$/, "Enter the 6-digit code from your app");

/** A backup code as shown (xxxxx-xxxxx); typed without the dash it is accepted too. */
export const backupCodeSchema = z.pipe(
  typedCode(40, /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, "Enter one of your backup codes"),
  z.transform((value: string) => (value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`)),
);

export const twoFactorPasswordSchema = z.object({ password: currentPassword });
export type TwoFactorPasswordInput = z.input<typeof twoFactorPasswordSchema>;

export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** Disabling needs the password and a code from the app (or a backup code). */
export const disableTwoFactorSchema = z.object({
  password: currentPassword,
  code: typedCode(40, /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, "Enter a code from your app or a backup code"),
});
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

/** Change password (docs/PRODUCT.md#account-security): the current one, then the reset page's rules. */
export const changePasswordSchema = z
  .object({
    currentPassword,
    password: newPassword,
    confirmPassword: z.string({ error: "Passwords do not match" }).check(z.maxLength(PASSWORD_MAX, "Passwords do not match")),
  })
  .check(
    z.refine(passwordsMatch, mismatch),
    z.refine((value) => value.password !== value.currentPassword, {
      message: "Choose a password different from the current one",
      path: ["password"],
    }),
  );
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** One of the user's own sessions, by its id (never its token, which stays on the server). */
export const sessionIdSchema = z.object({
  sessionId: z
    .string({ error: "Unknown session" })
    .check(z.minLength(1, "Unknown session"), z.maxLength(64, "Unknown session"), z.regex(/^[A-Za-z0-9_-]+$/, "Unknown session")),
});

export const noInputSchema = z.object({});

export const LOGIN_AREAS = ["client", "admin"] as const;

/** The second step of a sign-in: a code from the app or a backup code, for the area signed in to. */
export const signInCodeSchema = z.discriminatedUnion("method", [
  z.object({ area: z.enum(LOGIN_AREAS), method: z.literal("totp"), code: totpCodeSchema, trustDevice: z.boolean() }),
  z.object({ area: z.enum(LOGIN_AREAS), method: z.literal("backup"), code: backupCodeSchema, trustDevice: z.boolean() }),
]);
export type SignInCodeInput = z.input<typeof signInCodeSchema>;

/** After a passkey ceremony signed the browser in: which login page it was (docs/PRODUCT.md#passkeys). */
export const passkeySignInSchema = z.object({ area: z.enum(LOGIN_AREAS) });

const PASSKEY_NAME_MAX = 60;

/** One of the user's own passkeys, by its id. */
export const passkeyIdSchema = z.object({
  passkeyId: z
    .string({ error: "Unknown passkey" })
    .check(z.minLength(1, "Unknown passkey"), z.maxLength(64, "Unknown passkey"), z.regex(/^[A-Za-z0-9_-]+$/, "Unknown passkey")),
});

export const renamePasskeySchema = z.extend(passkeyIdSchema, {
  name: z
    .string({ error: "Enter a name for the passkey" })
    .check(
      z.trim(),
      z.minLength(1, "Enter a name for the passkey"),
      z.maxLength(PASSKEY_NAME_MAX, `Keep the name under ${PASSKEY_NAME_MAX + 1} characters`),
    ),
});
/** Confirming a passkey put on hold by a two-factor reset takes the current password. */
export const confirmPasskeySchema = z.extend(passkeyIdSchema, { password: currentPassword });
export type ConfirmPasskeyInput = z.input<typeof confirmPasskeySchema>;

export type RenamePasskeyInput = z.input<typeof renamePasskeySchema>;

/** Starting the read-only view of a client's portal. */
export const viewAsClientSchema = z.object({ clientId: uuidSchema });

// The personal profile (docs/PRODUCT.md#portal-settings): a person's own name and sign-in e-mail,
// never the company's record.
export const ownNameSchema = z.object({ name: z.pipe(nameText(120), z.string().check(z.minLength(1, "Name is required"))) });
export type OwnNameInput = z.input<typeof ownNameSchema>;

/** A new sign-in e-mail takes the current password; it applies once its link is opened. */
export const emailChangeSchema = z.object({ newEmail: emailSchema, currentPassword });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** The link's token, as made by newResetToken (32 letters and digits). */
export const emailChangeTokenSchema = z.object({
  token: z.string({ error: "Invalid or expired link." }).check(z.regex(/^[A-Za-z0-9]{32}$/, "Invalid or expired link.")),
});
