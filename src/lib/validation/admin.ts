// Shared zod schemas of the admin area: the forms use them in the browser, and the route handlers
// and server actions parse the same input again on the server.
import "./zod-config";
import { z } from "zod";
import { BOOKING_STATUSES } from "../domain/booking-status";
import { DEFAULT_DOCUMENT_CATEGORY, DOCUMENT_CATEGORIES } from "../domain/document-category";
import { INVOICE_FILTER_STATUSES } from "../domain/invoice-status";
import { BOOKING_SERVICE_TYPES, SERVICE_NAMES } from "../domain/services";
import { PROJECT_STATUSES } from "../domain/project-status";
import { SUBSCRIPTION_STATUSES } from "../domain/subscription-status";
import { parseDollarsToCents } from "../format";
import { accountSettingsSchema } from "./portal";
import { emailSchema, isoDateSchema, nameText, optionalText, requiredField, text, uuidSchema } from "./common";

/** Rows per page of the clients and projects lists (paginated on the server). */
export const ADMIN_PAGE_SIZE = 25;

function requiredText(max: number, message: string) {
  return text(max).pipe(z.string().min(1, message));
}

const optionalDate = z
  .union([z.literal(""), isoDateSchema])
  .nullish()
  .transform((value) => (value ? value : null));

// ── Clients ────────────────────────────────────────────────────────────────────────────────
export const createClientSchema = z.object({
  company: nameText(200).pipe(z.string().min(1, "Company is required")),
  contactPerson: requiredText(200, "Contact person is required"),
  email: emailSchema,
  phone: optionalText(50),
  address: optionalText(500),
  // Set when the client is created from a contact inquiry: the inquiry is linked to the new client.
  inquiryId: z
    .union([z.literal(""), uuidSchema])
    .nullish()
    .transform((value) => value || null),
});
export type CreateClientInput = z.input<typeof createClientSchema>;

/** List query of a paginated admin screen: search text and 1-based page, forgiving of junk. */
const searchText = z
  .string()
  .max(200)
  .transform((value) => value.replace(/\u0000/g, "").trim())
  .catch("");
const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1);

export const clientListQuerySchema = z.object({ q: searchText.default(""), page: pageNumber.default(1) });
export type ClientListQuery = z.output<typeof clientListQuerySchema>;

/** Admin Documents: search by name, one client, one category, page; junk means no filter. */
export const documentListQuerySchema = z.object({
  q: searchText.default(""),
  clientId: z
    .union([z.literal(""), uuidSchema])
    .catch("")
    .default(""),
  category: z
    .union([z.enum(DOCUMENT_CATEGORIES), z.literal("all")])
    .catch("all")
    .default("all"),
  page: pageNumber.default(1),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

export const subscriptionListQuerySchema = z.object({
  q: searchText.default(""),
  status: z
    .union([z.enum(SUBSCRIPTION_STATUSES), z.literal("all")])
    .catch("all")
    .default("all"),
});

// ── Projects ───────────────────────────────────────────────────────────────────────────────
export const projectStatusSchema = z.enum(PROJECT_STATUSES, { error: "Unknown project status" });

export const projectListQuerySchema = z.object({
  q: searchText.default(""),
  status: z
    .union([projectStatusSchema, z.literal("all")])
    .catch("all")
    .default("all"),
  page: pageNumber.default(1),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export const projectFormSchema = z.object({
  projectName: requiredText(200, "Project name is required"),
  // Named after the field, never "Invalid id": the select starts empty.
  clientId: requiredField("Client is required", z.uuid("Choose a client")),
  startDate: requiredField("Start date is required", isoDateSchema),
  description: optionalText(2000),
  notes: optionalText(2000),
  targetCompletionDate: optionalDate,
});
export type ProjectFormInput = z.input<typeof projectFormSchema>;

export const updateProjectSchema = projectFormSchema.extend({ id: uuidSchema, status: projectStatusSchema });
export const setProjectStatusSchema = z.object({ projectId: uuidSchema, status: projectStatusSchema });
export const projectIdSchema = z.object({ projectId: uuidSchema });

export const linkInvoicesSchema = z.object({
  projectId: uuidSchema,
  invoiceIds: z
    .array(uuidSchema, { error: "invoiceIds must be a list of invoice ids" })
    .min(1, "Select at least one invoice")
    .max(500, "At most 500 invoices at once"),
});
export type LinkInvoicesInput = z.input<typeof linkInvoicesSchema>;

export const unlinkInvoiceSchema = z.object({ invoiceId: uuidSchema });

// ── Bookings and inquiries ─────────────────────────────────────────────────────────────────
/** The client row's "Require two-factor" switch (docs/PRODUCT.md#account-security). */
export const clientTwoFactorRequirementSchema = z.object({
  clientId: uuidSchema,
  required: z.boolean({ error: "required must be true or false" }),
});
/** Reset of a client user's two-factor from the client row. */
export const clientIdSchema = z.object({ clientId: uuidSchema });

/** The admin's edit of a client's details: the portal's Account Information fields, for the client named. */
export const adminClientEditSchema = accountSettingsSchema.extend({ clientId: uuidSchema });
export type AdminClientEditInput = z.input<typeof adminClientEditSchema>;

export const bookingIdSchema = z.object({ bookingId: uuidSchema });
export const inquiryIdSchema = z.object({ inquiryId: uuidSchema });

/** Sorts of the bookings list: newest request first, soonest preferred start, most urgent. */
export const BOOKING_SORTS = ["newest", "start", "urgency"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const bookingListQuerySchema = z.object({
  status: z
    .union([z.enum(BOOKING_STATUSES), z.literal("all")])
    .catch("all")
    .default("all"),
  service: z
    .union([z.enum(BOOKING_SERVICE_TYPES), z.literal("all")])
    .catch("all")
    .default("all"),
  sort: z.enum(BOOKING_SORTS).catch("newest").default("newest"),
  page: pageNumber.default(1),
});
export type BookingListQuery = z.output<typeof bookingListQuerySchema>;

/** What an admin decides on a booking; a decline carries the reason the client reads. */
export const bookingDecisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ bookingId: uuidSchema, decision: z.literal("approve") }),
    z.object({ bookingId: uuidSchema, decision: z.literal("decline"), reason: requiredText(1000, "Please give the client a reason") }),
    z.object({ bookingId: uuidSchema, decision: z.literal("complete") }),
  ],
  { error: "Unknown decision" },
);
export type BookingDecisionInput = z.input<typeof bookingDecisionSchema>;

/** An admin's decision on a subscription (docs/PRODUCT.md#admin-subscriptions); the reason, optional, is shown to the client. */
export const subscriptionDecisionSchema = z.object({
  subscriptionId: uuidSchema,
  decision: z.enum(["confirm", "decline", "cancel"], { error: "Unknown decision" }),
  reason: optionalText(1000),
});

/** The inbox's filters; "all" is every inquiry not archived (the archive is its own filter). */
export const INQUIRY_FILTERS = ["all", "new", "read", "archived"] as const;
export type InquiryFilter = (typeof INQUIRY_FILTERS)[number];
export const inquiryListQuerySchema = z.object({
  q: searchText.default(""),
  status: z.enum(INQUIRY_FILTERS).catch("all").default("all"),
  page: pageNumber.default(1),
});
export type InquiryListQuery = z.output<typeof inquiryListQuerySchema>;
export const inquiryArchiveSchema = z.object({ inquiryId: uuidSchema, archived: z.boolean({ error: "archived must be true or false" }) });

/** Audit log filters: the acting user, the action, a date range (inclusive, UTC days). */
const optionalFilterDate = z
  .union([z.literal(""), isoDateSchema])
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);
export const auditListQuerySchema = z.object({
  actor: z
    .union([
      z.literal(""),
      z.literal("system"),
      z
        .string()
        .max(100)
        .regex(/^[A-Za-z0-9_-]+$/),
    ])
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  action: z
    .string()
    .max(100)
    .regex(/^[a-z0-9_.:-]*$/i)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  from: optionalFilterDate,
  to: optionalFilterDate,
  page: pageNumber.default(1),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/**
 * Filters of the admin Invoices screen and of its CSV export (docs/PRODUCT.md#admin-invoices): the
 * client, a status (INVOICE_FILTER_STATUSES), a date range over the issue or the due date
 * (inclusive) and part of an invoice number; junk falls back to no filter, as on the list screens.
 * The export also takes the clients list's search (`q`: its "Export invoices").
 */
const invoiceFilterShape = {
  client: uuidSchema.optional().catch(undefined),
  status: z
    .union([z.enum(INVOICE_FILTER_STATUSES), z.literal("all")])
    .catch("all")
    .default("all"),
  dates: z.enum(["issued", "due"]).catch("issued").default("issued"),
  from: optionalFilterDate,
  to: optionalFilterDate,
  number: searchText.default(""),
};
export const invoiceListQuerySchema = z.object({
  ...invoiceFilterShape,
  // Where the page starts (keyset): the last row of the page before, as "<issue date or none>_<id>".
  after: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2}|none)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .refine((value) => value.startsWith("none") || isoDateSchema.safeParse(value.slice(0, 10)).success)
    .optional()
    .catch(undefined),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
export const invoiceExportQuerySchema = z.object({ ...invoiceFilterShape, q: searchText.default("") });
export type InvoiceExportQuery = z.output<typeof invoiceExportQuerySchema>;

/** Starting the read-only view of a client's portal. */
export const viewAsClientSchema = z.object({ clientId: uuidSchema });
export const mailIdSchema = z.object({ mailId: uuidSchema });

// ── Documents ──────────────────────────────────────────────────────────────────────────────
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const ACCEPTED_UPLOAD_EXTENSIONS = ["pdf", "doc", "docx", "xls", "xlsx", "png", "jpg", "jpeg"] as const;
export type UploadExtension = (typeof ACCEPTED_UPLOAD_EXTENSIONS)[number];
/** For the file picker's accept attribute. */
export const UPLOAD_ACCEPT = ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(",");

export const documentIdSchema = z.object({ documentId: uuidSchema });

export const documentUploadFieldsSchema = z.object({
  clientId: uuidSchema,
  category: z.enum(DOCUMENT_CATEGORIES, { error: "Unknown category" }).default(DEFAULT_DOCUMENT_CATEGORY),
});

/**
 * An uploaded file's name (documents, reports, evidence, message attachments) with an invisible or
 * text-direction character is refused (hasHiddenCharacter): "invoice\u202Efdp.exe" shows as
 * "invoiceexe.pdf", and two names that look the same could not be told apart.
 */
export const HIDDEN_FILE_NAME_MESSAGE = "The file name contains invisible or text-direction characters. Rename the file and try again.";

/** The lower-cased extension of a file name when it is one we accept, else null. */
export function uploadExtensionOf(fileName: string): UploadExtension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const ext = match?.[1]?.toLowerCase();
  return (ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext ?? "") ? (ext as UploadExtension) : null;
}

// ── Rates ──────────────────────────────────────────────────────────────────────────────────
const MAX_DOLLARS = 10_000_000;
const DOLLARS_MESSAGE = "Enter a non-negative amount in dollars (at most 2 decimals)";

/** Dollars typed or sent as a number or a string → integer cents; negative, non-finite or junk is refused. */
const dollarsToCents = z.union([z.number(), z.string().max(32)], { error: DOLLARS_MESSAGE }).transform((value, ctx) => {
  const cents = typeof value === "number" && !Number.isFinite(value) ? null : parseDollarsToCents(value);
  if (cents === null || cents > MAX_DOLLARS * 100) {
    ctx.addIssue({ code: "custom", message: DOLLARS_MESSAGE });
    return z.NEVER;
  }
  return cents;
});

/** Empty retainer ("" or null) means none. */
const optionalDollarsToCents = z
  .union([z.literal(""), dollarsToCents])
  .nullish()
  .transform((value) => (typeof value === "number" ? value : null));

export const rateCardSchema = z.object({
  serviceType: requiredText(100, "Service type is required"),
  hourlyRate: dollarsToCents,
  monthlyRetainer: optionalDollarsToCents,
  discountTier: optionalText(100),
  description: optionalText(500),
  effectiveFrom: isoDateSchema,
});

export const updateClientRatesSchema = z.object({
  clientId: uuidSchema,
  rates: z.array(rateCardSchema, { error: "rates must be a list" }).max(20, "At most 20 rate cards"),
});
export type UpdateClientRatesInput = z.input<typeof updateClientRatesSchema>;
export type UpdateClientRatesOutput = z.output<typeof updateClientRatesSchema>;
export type RateCardValues = z.output<typeof rateCardSchema>;

// ── Support plans (docs/PRODUCT.md#admin-settings) ──────────────────────────────────────────
export const MAX_PLAN_FEATURES = 20;

/** A support plan as the Settings form sends it; `id` empty for a new plan. Features: one a line. */
export const supportPlanSchema = z.object({
  id: z
    .union([z.literal(""), uuidSchema])
    .nullish()
    .transform((value) => value || null),
  name: requiredText(100, "Plan name is required"),
  monthlyPrice: dollarsToCents,
  features: text(4000).pipe(
    z
      .string()
      .transform((value) =>
        value
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().max(200, "A feature is at most 200 characters"))
          .min(1, "List at least one feature")
          .max(MAX_PLAN_FEATURES, `At most ${MAX_PLAN_FEATURES} features`),
      ),
  ),
  highlighted: z.boolean({ error: "highlighted must be true or false" }),
  squarePlanVariationId: optionalText(100).refine(
    (value) => value === null || /^[A-Za-z0-9_-]+$/.test(value),
    "A Square plan variation id is letters, digits, - and _",
  ),
});
export type SupportPlanInput = z.input<typeof supportPlanSchema>;
export type SupportPlanValues = z.output<typeof supportPlanSchema>;

export const movePlanSchema = z.object({
  planId: uuidSchema,
  direction: z.enum(["up", "down"], { error: "direction must be up or down" }),
});
export const retirePlanSchema = z.object({ planId: uuidSchema, retired: z.boolean({ error: "retired must be true or false" }) });

// ── Settings: default rates, security policy, mail (docs/PRODUCT.md#admin-settings) ──────────
/** The rate cards a new client starts with: one per service, each service once. */
export const defaultRatesSchema = z.object({
  rates: z
    .array(
      z.object({
        serviceType: z.enum(SERVICE_NAMES, { error: "Unknown service" }),
        hourlyRate: dollarsToCents,
        monthlyRetainer: optionalDollarsToCents,
      }),
      { error: "rates must be a list" },
    )
    .length(SERVICE_NAMES.length, `Give a rate for each of the ${SERVICE_NAMES.length} services`)
    .refine((rates) => new Set(rates.map((r) => r.serviceType)).size === rates.length, "Give each service once"),
});
export type DefaultRatesInput = z.input<typeof defaultRatesSchema>;
export type DefaultRatesValues = z.output<typeof defaultRatesSchema>;

export const clientTwoFactorPolicySchema = z.object({ required: z.boolean({ error: "required must be true or false" }) });

// ── Square customers (which client a Square customer's invoices belong to) ───────────────────
/** Square's customer ids are short tokens of letters, digits and a few separators. */
export const squareCustomerIdSchema = z
  .string({ error: "Square customer id is required" })
  .trim()
  .min(1, "Square customer id is required")
  .max(191, "Square customer id is too long")
  .regex(/^[A-Za-z0-9_.:-]+$/, "Use the id shown in Square (letters, digits, - _ . :)");

export const assignSquareCustomerSchema = z.object({
  squareCustomerId: squareCustomerIdSchema,
  clientId: z.uuid("Choose a client"),
});
export type AssignSquareCustomerInput = z.input<typeof assignSquareCustomerSchema>;

export const squareCustomerRefSchema = z.object({ squareCustomerId: squareCustomerIdSchema });
export const ignoreSquareCustomerSchema = z.object({ squareCustomerId: squareCustomerIdSchema, ignored: z.boolean() });
export const clientRefSchema = z.object({ clientId: uuidSchema });

/** Admin-only billing address: with the sign-in e-mail, the only address a sync may match. */
export const billingEmailSchema = z.object({
  clientId: uuidSchema,
  billingEmail: z
    .union([z.literal(""), emailSchema])
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null)),
});
export type BillingEmailInput = z.input<typeof billingEmailSchema>;
