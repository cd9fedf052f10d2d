import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { ACCESS_LOG_KIND_VALUES } from "@/lib/domain/access-log";
import { stepUpProofSchema } from "@/features/identity/validation/step-up";
import { text, uuidSchema } from "@/lib/validation/common";

// The report vault and the access log (docs/PRODUCT.md#portal-reports, docs/PRODUCT.md#portal-access-log).

export { EMPTY_REPORT_UNCONFIRMED, GENERATED_REPORT_TITLE } from "./report-texts";

/** The upload form's fields besides the file: the engagement (a project) and the report's title. */
export const reportUploadFieldsSchema = z.object({
  projectId: z.uuid("Choose an engagement"),
  title: z.pipe(text(200), z.string().check(z.minLength(1, "Give the report a title"))),
});

/** The report version an admin revokes. */
export const revokeReportSchema = z.object({ reportId: uuidSchema });

/** A download request: a step-up's proof when one is asked for. */
export const reportDownloadSchema = stepUpProofSchema;

/** A page of the access log. */
export const accessLogQuerySchema = z.object({
  page: z._default(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1), 1),
  /** One kind of access (docs/PRODUCT.md#portal-access-log); empty or unknown means every kind. */
  kind: z.catch(z.optional(z.enum(ACCESS_LOG_KIND_VALUES)), undefined),
});

/** The admin's list of an engagement's reports. */
export const projectReportsQuerySchema = z.object({ projectId: z.uuid("Choose an engagement") });

/** A report generated from an engagement's published findings, in Word or PDF (docs/PRODUCT.md#admin-findings). */
export const generatedReportQuerySchema = z.object({
  projectId: z.uuid("Choose an engagement"),
  format: z.enum(["docx", "pdf"], "Choose Word (docx) or PDF (pdf)"),
});

/** Publishing the generated PDF to the engagement's vault; `empty` confirms a report without findings. */
export const publishGeneratedReportSchema = z.object({
  projectId: z.uuid("Choose an engagement"),
  empty: z._default(z.optional(z.boolean()), false),
});
