import "./zod-config";
import { z } from "zod";
import { text } from "./common";

// The report vault and the access log (docs/PRODUCT.md#portal-reports, docs/PRODUCT.md#portal-access-log).

/** The upload form's fields besides the file: the engagement (a project) and the report's title. */
export const reportUploadFieldsSchema = z.object({
  projectId: z.uuid("Choose an engagement"),
  title: text(200).pipe(z.string().min(1, "Give the report a title")),
});

/** A download request: the code from the authenticator app when a fresh second factor is asked for. */
export const reportDownloadSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code")
    .optional(),
});

/** A page of the access log. */
export const accessLogQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) });

/** The admin's list of an engagement's reports. */
export const projectReportsQuerySchema = z.object({ projectId: z.uuid("Choose an engagement") });
