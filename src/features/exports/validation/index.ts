import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { analyticsFilterSchema } from "@/features/analytics/validation";

// The interchange exports' query (docs/PRODUCT.md#exports): the format, the analytics' filters
// (the period aside: an export holds every matching finding) and, for ASFF, the AWS account and
// region the findings are for.

export const INTERCHANGE_FORMATS = ["sarif", "ocsf", "asff"] as const;
export type InterchangeFormat = (typeof INTERCHANGE_FORMATS)[number];

export const interchangeQuerySchema = z.extend(z.omit(analyticsFilterSchema, { period: true }), {
  format: z.enum(INTERCHANGE_FORMATS, "Choose sarif, ocsf or asff"),
  account: z._default(z.string().check(z.regex(/^\d{12}$/, "An AWS account id is 12 digits")), "000000000000"),
  region: z._default(
    z.string().check(z.regex(/^[a-z]{2}(-gov|-iso[a-z]*)?-[a-z]+-\d$/, "Not an AWS region (us-east-1, eu-west-3...)")),
    "us-east-1",
  ),
});
export type InterchangeQuery = z.infer<typeof interchangeQuerySchema>;
