import "@/lib/validation/zod-config";
import { z } from "zod";
import { ACCESS_LOG_KIND_VALUES } from "@/lib/domain/access-log";
import { passwordField } from "@/features/account/validation/sign-in";
import { text, uuidSchema } from "@/lib/validation/common";

// The report vault and the access log (docs/PRODUCT.md#portal-reports, docs/PRODUCT.md#portal-access-log).

/** The upload form's fields besides the file: the engagement (a project) and the report's title. */
export const reportUploadFieldsSchema = z.object({
  projectId: z.uuid("Choose an engagement"),
  title: text(200).pipe(z.string().min(1, "Give the report a title")),
});

/** The report version an admin revokes. */
export const revokeReportSchema = z.object({ reportId: uuidSchema });

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "The passkey's answer is not valid. Try again.");

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
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/**
 * A step-up's proof (docs/PRODUCT.md#portal-reports): the code from the authenticator app, a
 * passkey's answer, or the password of a person with no second factor, whichever was asked for.
 */
export const stepUpProofSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code")
    .optional(),
  passkey: passkeyAssertionSchema.optional(),
  password: passwordField(1, "Enter your password").optional(),
});

/** A download request: a step-up's proof when one is asked for. */
export const reportDownloadSchema = stepUpProofSchema;

/** A page of the access log. */
export const accessLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  /** One kind of access (docs/PRODUCT.md#portal-access-log); empty or unknown means every kind. */
  kind: z.enum(ACCESS_LOG_KIND_VALUES).optional().catch(undefined),
});

/** The admin's list of an engagement's reports. */
export const projectReportsQuerySchema = z.object({ projectId: z.uuid("Choose an engagement") });

/** A report generated from an engagement's published findings, in Word or PDF (docs/PRODUCT.md#admin-findings). */
export const generatedReportQuerySchema = z.object({
  projectId: z.uuid("Choose an engagement"),
  format: z.enum(["docx", "pdf"], "Choose Word (docx) or PDF (pdf)"),
});

/** The title a generated report is published under in the vault: each publish is its next version. */
export const GENERATED_REPORT_TITLE = "Security assessment report";

/** Publishing the generated PDF to the engagement's vault; `empty` confirms a report without findings. */
export const publishGeneratedReportSchema = z.object({
  projectId: z.uuid("Choose an engagement"),
  empty: z.boolean().optional().default(false),
});

/** The answer to publishing a report of no published finding before the admin has confirmed it. */
export const EMPTY_REPORT_UNCONFIRMED =
  "No finding of this engagement is published: the report would only say so. Publish the empty report, or cancel and publish findings first.";
