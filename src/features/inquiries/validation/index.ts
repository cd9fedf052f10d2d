// The contact inquiry (docs/PRODUCT.md#marketing-contact-form), shared by the landing-page form (zodResolver) and
// POST /api/contact/send. Written with zod/mini: the form loads it in the visitor's browser when first
// sent, and the tree-shakable mini build is about 5 KB gzipped where classic zod is several times that.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { uuidSchema } from "@/lib/validation/common";
import { searchText, pageNumber } from "@/lib/validation/admin-fields";
import { SERVICE_INTERESTS } from "@/lib/domain/services";
import { fieldErrorsOf } from "@/lib/validation/field-errors";
import { CONTACT_LIMITS } from "./contact-form";

export { CONTACT_LIMITS, EMPTY_CONTACT_FORM } from "./contact-form";

/** Largest request body the endpoint reads: the longest valid inquiry is well under 16 KB of JSON. */
export const CONTACT_MAX_BODY_BYTES = 32 * 1024;

// Any printable text is accepted, markup included: prospects of a security consultancy paste
// injection samples, and the text is stored as sent and escaped wherever it is shown or mailed.
// Single-line fields end up in mail subjects and headers: no control characters at all (CR/LF
// would allow header injection). The message may span lines and contain tabs, nothing else.
// C1 controls (U+0080–U+009F) are refused too: no one types them, some terminals act on them.
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

function plainText(label: string, opts: { min: number; max: number; minMessage: string; multiline?: boolean }) {
  const control = opts.multiline ? TEXT_CONTROL : LINE_CONTROL;
  return z.string(`${label} is required`).check(
    z.trim(),
    z.minLength(opts.min, opts.minMessage),
    z.maxLength(opts.max, `${label} must be at most ${opts.max} characters`),
    z.refine((value) => !control.test(value), `${label} contains characters that are not allowed`),
  );
}

export const contactInquirySchema = z.object(
  {
    name: plainText("Name", { min: 2, max: CONTACT_LIMITS.nameMax, minMessage: "Name must be at least 2 characters" }),
    email: z.pipe(
      z.string("Invalid email address").check(z.trim(), z.maxLength(CONTACT_LIMITS.emailMax, "Invalid email address")),
      z.email("Invalid email address"),
    ),
    company: plainText("Company name", {
      min: 2,
      max: CONTACT_LIMITS.companyMax,
      minMessage: "Company name must be at least 2 characters",
    }),
    // A string checked against the list (not z.enum) so the form can hold "" before a choice.
    serviceInterest: z
      .string("Please select a service")
      .check(z.refine((value) => (SERVICE_INTERESTS as readonly string[]).includes(value), "Please select a service")),
    message: plainText("Message", {
      min: 10,
      max: CONTACT_LIMITS.messageMax,
      minMessage: "Message must be at least 10 characters",
      multiline: true,
    }),
    // Honeypot: hidden from people, so anything in it was typed by a bot (see the route handler).
    website: z.optional(z.string("Invalid input").check(z.maxLength(500, "Invalid input"))),
  },
  "The request body must be a JSON object with name, email, company, serviceInterest and message.",
);

/** What the form holds: every field a string (serviceInterest is "" until a choice is made). */
export type ContactFormValues = z.input<typeof contactInquirySchema>;
export type ContactInquiry = z.output<typeof contactInquirySchema>;

export type ContactValidation = { ok: true; data: ContactInquiry } | { ok: false; error: string; fieldErrors: Record<string, string> };

/** Validates an untrusted body; the first problem becomes the message, one message per field. */
export function validateContactInquiry(input: unknown): ContactValidation {
  const result = contactInquirySchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors = fieldErrorsOf(result.error);
  return { ok: false, error: Object.values(fieldErrors)[0] ?? "Invalid input.", fieldErrors };
}

export const inquiryIdSchema = z.object({ inquiryId: uuidSchema });

/** The inbox's filters; "all" is every inquiry not archived (the archive is its own filter). */
export const INQUIRY_FILTERS = ["all", "new", "read", "archived"] as const;

export type InquiryFilter = (typeof INQUIRY_FILTERS)[number];

export const inquiryListQuerySchema = z.object({
  q: z._default(searchText, ""),
  status: z._default(z.catch(z.enum(INQUIRY_FILTERS), "all"), "all"),
  page: z._default(pageNumber, 1),
});

export type InquiryListQuery = z.output<typeof inquiryListQuerySchema>;

export const inquiryArchiveSchema = z.object({ inquiryId: uuidSchema, archived: z.boolean({ error: "archived must be true or false" }) });
