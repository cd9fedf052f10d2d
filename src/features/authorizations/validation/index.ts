import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { hasInvalidCharacter, isoDateSchema, uuidSchema } from "@/lib/validation/common";
import { stepUpProofSchema } from "@/features/identity/validation/step-up";

// The authorization's form, shared by the admin's screen and the server (docs/PRODUCT.md#engagement-authorization).

const line = (max: number) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, `At most ${max} characters`),
    z.refine((v) => !hasInvalidCharacter(v), "Contains characters that are not allowed"),
  );

/** One item a line: a textarea's lines, blank ones dropped. */
const lines = (label: string, { min = 0, max = 100 } = {}) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(20_000, "Too long")),
      z.transform((text: string) =>
        text
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean),
      ),
    ),
    z
      .array(line(500))
      .check(z.minLength(min, `Name at least ${min === 1 ? "one" : min} ${label}`), z.maxLength(max, `At most ${max} ${label}`)),
  );

const termsField = z.string().check(
  z.trim(),
  z.minLength(1, "Enter the terms"),
  z.maxLength(50_000, "At most 50000 characters"),
  z.refine((v) => !hasInvalidCharacter(v), "Contains characters that are not allowed"),
);

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
    price: line(1000).check(z.minLength(1, "Enter the price or the plan")),
    terms: termsField,
  })
  .check(z.refine((v) => v.windowEnd >= v.windowStart, { path: ["windowEnd"], message: "The window must end on or after its start" }));
export type AuthorizationFormInput = z.input<typeof authorizationFormSchema>;
export type AuthorizationFormOutput = z.output<typeof authorizationFormSchema>;

/** A signature: the full name typed, the entitlement statement ticked, the hash of the text read, and the step-up's proof. */
export const authorizationSignSchema = z.extend(stepUpProofSchema, {
  fullName: line(200).check(z.minLength(2, "Type your full name")),
  entitled: z.literal(true, "Confirm that you are entitled to authorise this testing"),
  documentHash: z.string().check(z.regex(/^[0-9a-f]{64}$/, "Reload the page and read the authorization again")),
});

/** The firm's counter-signature: the same, without the client's statement. */
export const authorizationCountersignSchema = z.extend(stepUpProofSchema, {
  fullName: line(200).check(z.minLength(2, "Type your full name")),
  documentHash: z.string().check(z.regex(/^[0-9a-f]{64}$/, "Reload the page and read the authorization again")),
});

export const authorizationTermsSchema = z.object({ terms: termsField });

export const authorizationIdSchema = z.object({ authorizationId: z.uuid("Unknown authorization") });

/** The admin dialog's read: one engagement's versions. */
export const projectAuthorizationQuerySchema = z.object({ projectId: uuidSchema });
