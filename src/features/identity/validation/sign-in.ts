import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { emailSchema } from "@/lib/validation/common";
import { PASSWORD_MAX, RESET_PASSWORD_MIN, SIGN_IN_PASSWORD_MIN } from "./auth-messages";

export { AUTH_MESSAGES, PASSWORD_MAX, RESET_PASSWORD_MIN, SIGN_IN_PASSWORD_MIN } from "./auth-messages";

// Shared by the sign-in and password forms (react-hook-form resolvers) and the server actions, so
// the browser and the server give the same messages (docs/PRODUCT.md, the Sign-in sections).

/** A password field: one message for a missing or too short password, and the common upper bound. */
export const passwordField = (min: number, tooShort: string) =>
  z
    .string({ error: tooShort })
    .check(z.minLength(min, tooShort), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`));

export const clientLoginSchema = z.object({
  email: emailSchema,
  password: passwordField(SIGN_IN_PASSWORD_MIN, `Password must be at least ${SIGN_IN_PASSWORD_MIN} characters`),
  rememberMe: z.boolean(),
});
export type ClientLoginInput = z.infer<typeof clientLoginSchema>;

/** The client login's address, asked whether it signs in through the company's identity provider. */
export const ssoEmailSchema = z.object({ email: emailSchema });

// The admin form has no field rules of its own; a wrong password is simply refused.
export const adminLoginSchema = z.object({
  email: emailSchema,
  password: passwordField(1, "Password is required"),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

export const forgotPasswordSchema = z.object({
  email: z.pipe(z.string({ error: "Email is required" }).check(z.trim(), z.minLength(1, "Email is required")), emailSchema),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The rules of a new password, on the reset page and for a change in Settings / Account. */
export const newPassword = passwordField(RESET_PASSWORD_MIN, `Password must be at least ${RESET_PASSWORD_MIN} characters`);

export const passwordsMatch = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
export const mismatch = { message: "Passwords do not match", path: ["confirmPassword"] };

/** What the reset form edits; the token comes from the link, not from a field. */
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string({ error: "Passwords do not match" }) })
  .check(z.refine(passwordsMatch, mismatch));
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** Reset tokens are url-safe (better-auth makes 24 alphanumerics); anything far off is refused early. */
export const resetTokenSchema = z
  .string({ error: "Invalid or expired reset link. Please request a new password reset." })
  .check(
    z.minLength(1, "Invalid or expired reset link. Please request a new password reset."),
    z.maxLength(256, "Invalid or expired reset link. Please request a new password reset."),
    z.regex(/^[A-Za-z0-9._~-]+$/, "Invalid or expired reset link. Please request a new password reset."),
  );

export const resetPasswordSchema = z
  .object({ token: resetTokenSchema, password: newPassword, confirmPassword: z.string({ error: "Passwords do not match" }) })
  .check(z.refine(passwordsMatch, mismatch));
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
