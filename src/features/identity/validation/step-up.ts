import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { passwordField } from "@/features/identity/validation/sign-in";

// The step-up kit's proof (docs/PRODUCT.md#portal-reports): what a person sends when the server asks
// for a fresh second factor, before a report download, a signature or a change to their sign-in ways.

const base64url = (max: number) =>
  z.string().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*$/, "The passkey's answer is not valid. Try again."));

/**
 * A passkey's answer to the server's challenge (WebAuthn's AuthenticationResponseJSON, as
 * @simplewebauthn/browser sends it): the fields the server verifies, each base64url.
 */
export const passkeyAssertionSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(1024),
    userHandle: z.optional(base64url(1024)),
  }),
  authenticatorAttachment: z.optional(z.enum(["platform", "cross-platform"])),
});

/**
 * A step-up's proof (docs/PRODUCT.md#portal-reports): the code from the authenticator app, a
 * passkey's answer, or the password of a person with no second factor, whichever was asked for.
 */
export const stepUpProofSchema = z.object({
  code: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/, "Enter the 6-digit code"))),
  passkey: z.optional(passkeyAssertionSchema),
  password: z.optional(passwordField(1, "Enter your password")),
});

/** Where a fresh sign-in at the company's identity provider comes back to (a portal page; the server keeps it there). */
export const ssoStepUpSchema = z.object({ returnTo: z.string().check(z.maxLength(2000)) });
