import "@/lib/validation/zod-config";
import { z } from "zod";
import { FINDING_SEVERITIES, FINDING_STATUSES, RETEST_RESULTS } from "@/lib/domain/finding";
import { INVOICE_STATUSES } from "@/lib/domain/invoice-status";
import { PROJECT_STATUSES } from "@/lib/domain/project-status";

// What the company API answers (docs/PRODUCT.md#api-and-webhooks), written once: the routes' values
// are typed by these, the OpenAPI document is generated from them, and the tests parse real answers
// with them (strict: a field the document does not name fails), so a route and its document cannot
// disagree unnoticed.

const isoDateTime = z.string().describe("An ISO 8601 date and time (UTC)");
const isoDate = z.string().describe("A date, YYYY-MM-DD");

export const apiProjectSchema = z.strictObject({
  id: z.uuid(),
  projectName: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  startDate: isoDate,
  targetCompletionDate: isoDate.nullable(),
  awaitingSignature: z.boolean().describe("The newest testing authorization waits for the company's signature"),
});

export const apiFindingListItemSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  status: z.enum(FINDING_STATUSES),
  cvssScore: z.number().nullable(),
  projectId: z.uuid(),
  projectName: z.string(),
  dueOn: isoDate.nullable().describe("Null once the finding is no longer to be dealt with"),
  overdue: z.boolean(),
  publishedAt: isoDateTime.nullable(),
  updatedAt: isoDateTime.describe("When it last changed, to the microsecond: the list's order"),
  owaspLlm: z.array(z.string()),
  atlas: z.array(z.string()),
});

const actorName = z.string();
export const apiFindingSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  status: z.enum(FINDING_STATUSES),
  cvssScore: z.number().nullable(),
  cvssVector: z.string().nullable(),
  projectId: z.uuid(),
  projectName: z.string(),
  dueOn: isoDate.nullable(),
  overdue: z.boolean(),
  publishedAt: isoDateTime.nullable(),
  owaspLlm: z.array(z.string()),
  atlas: z.array(z.string()),
  assets: z.string(),
  description: z.string().describe("Markdown"),
  remediation: z.string().describe("Markdown"),
  references: z.string(),
  ruleId: z.string().nullable(),
  riskReason: z.string().nullable(),
  riskExpiresOn: isoDate.nullable(),
  owner: z.strictObject({ name: z.string() }).nullable(),
  outcomeReason: z.string().nullable(),
  duplicateOf: z.strictObject({ id: z.uuid(), title: z.string() }).nullable(),
  retests: z.array(
    z.strictObject({
      id: z.uuid(),
      note: z.string(),
      requestedByName: actorName,
      requestedAt: isoDateTime,
      result: z.enum(RETEST_RESULTS).nullable(),
      resultNote: z.string().nullable(),
      decidedAt: isoDateTime.nullable(),
    }),
  ),
  events: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      fromStatus: z.enum(FINDING_STATUSES).nullable(),
      toStatus: z.enum(FINDING_STATUSES).nullable(),
      note: z.string().nullable(),
      actorName,
      actorRole: z.enum(["client", "admin"]),
      createdAt: isoDateTime,
    }),
  ),
  comments: z.array(
    z.strictObject({ id: z.string(), body: z.string(), actorName, actorRole: z.enum(["client", "admin"]), createdAt: isoDateTime }),
  ),
});

export const apiReportSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  version: z.number().int().describe("1 for the first version; a new version supersedes the one before"),
  projectId: z.uuid(),
  projectName: z.string(),
  fileSize: z.number().int().describe("Bytes of the PDF"),
  publishedAt: isoDateTime,
});

const cents = z.number().int().describe("US cents");
export const apiInvoiceSchema = z.strictObject({
  id: z.uuid(),
  invoiceNumber: z.string(),
  description: z.string().nullable(),
  projectId: z.uuid().nullable(),
  status: z.enum(INVOICE_STATUSES),
  amountCents: cents,
  paidCents: cents,
  issuedDate: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  paidDate: isoDate.nullable(),
});

/** A page of a list: its items and the cursor of the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), nextCursor: z.string().nullable() });

export const apiProjectPageSchema = pageOf(apiProjectSchema);
export const apiFindingPageSchema = pageOf(apiFindingListItemSchema);
export const apiReportPageSchema = pageOf(apiReportSchema);
export const apiInvoicePageSchema = pageOf(apiInvoiceSchema);
export const apiFindingAnswerSchema = z.strictObject({ data: apiFindingSchema });

/** RFC 9457 problem details, as every error is answered. */
export const apiProblemSchema = z.strictObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().describe("The message to show"),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
