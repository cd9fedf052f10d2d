import "@/lib/validation/zod-config";
import { z } from "zod";
import { hasInvalidCharacter, isoDateSchema, uuidSchema } from "@/lib/validation/common";
import { stepUpProofSchema } from "@/features/identity/validation/step-up";

// The authorization's form, shared by the admin's screen and the server (docs/PRODUCT.md#engagement-authorization).

const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((v) => !hasInvalidCharacter(v), "Contains characters that are not allowed");

/** One item a line: a textarea's lines, blank ones dropped. */
const lines = (label: string, { min = 0, max = 100 } = {}) =>
  z
    .string()
    .max(20_000, "Too long")
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(line(500))
        .min(min, `Name at least ${min === 1 ? "one" : min} ${label}`)
        .max(max, `At most ${max} ${label}`),
    );

const termsField = z
  .string()
  .trim()
  .min(1, "Enter the terms")
  .max(50_000, "At most 50000 characters")
  .refine((v) => !hasInvalidCharacter(v), "Contains characters that are not allowed");

const isoDate = isoDateSchema;

export const authorizationFormSchema = z
  .object({
    projectId: z.uuid("Choose an engagement"),
    inScope: lines("in-scope asset", { min: 1 }),
    outOfScope: lines("out-of-scope item"),
    windowStart: isoDate,
    windowEnd: isoDate,
    testers: lines("tester", { min: 1, max: 30 }),
    emergencyContacts: lines("emergency contact", { min: 1, max: 20 }),
    price: line(1000).min(1, "Enter the price or the plan"),
    terms: termsField,
  })
  .refine((v) => v.windowEnd >= v.windowStart, { path: ["windowEnd"], message: "The window must end on or after its start" });
export type AuthorizationFormInput = z.input<typeof authorizationFormSchema>;
export type AuthorizationFormOutput = z.output<typeof authorizationFormSchema>;

/** A signature: the full name typed, the entitlement statement ticked, the hash of the text read, and the step-up's proof. */
export const authorizationSignSchema = stepUpProofSchema.extend({
  fullName: line(200).min(2, "Type your full name"),
  entitled: z.literal(true, "Confirm that you are entitled to authorise this testing"),
  documentHash: z.string().regex(/^[0-9a-f]{64}$/, "Reload the page and read the authorization again"),
});

/** The firm's counter-signature: the same, without the client's statement. */
export const authorizationCountersignSchema = stepUpProofSchema.extend({
  fullName: line(200).min(2, "Type your full name"),
  documentHash: z.string().regex(/^[0-9a-f]{64}$/, "Reload the page and read the authorization again"),
});

export const authorizationTermsSchema = z.object({ terms: termsField });

export const authorizationIdSchema = z.object({ authorizationId: z.uuid("Unknown authorization") });

/** The admin dialog's read: one engagement's versions. */
export const projectAuthorizationQuerySchema = z.object({ projectId: uuidSchema });
