import "@/lib/validation/zod-config";
import { z } from "zod";
import { isoDateSchema, requiredField, text, uuidSchema } from "@/lib/validation/common";

// Attestation letters (docs/PRODUCT.md#verifying-a-letter).

/** Testers one per line (or separated by commas), each a name of at most 100 characters. */
const testersField = z.pipe(
  z.pipe(
    text(2000),
    z.transform((value: string) =>
      value
        .split(/[\n,]+/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ),
  z
    .array(z.string().max(100, "A tester's name is at most 100 characters"))
    .min(1, "Name at least one tester")
    .max(20, "At most 20 testers"),
);

/** What the admin states when issuing a letter; the rest (firm, client, counts, retests) is read. */
export const issueLetterSchema = z
  .object({
    projectId: uuidSchema,
    scope: requiredField("Summarise the scope", text(1000)),
    methodology: requiredField("Describe the methodology", text(1000)),
    testers: testersField,
    windowStart: isoDateSchema,
    windowEnd: isoDateSchema,
  })
  .refine((value) => value.windowEnd >= value.windowStart, {
    message: "The window cannot end before it starts",
    path: ["windowEnd"],
  });
export type IssueLetterInput = z.output<typeof issueLetterSchema>;

export const letterIdSchema = z.object({ letterId: uuidSchema });

/** The owner's choice for the public page of the company's letters. */
export const letterNameDisplaySchema = z.object({ anonymous: z.boolean() });

/** The engagement whose letters the admin's dialog reads. */
export const projectLettersQuerySchema = z.object({ projectId: uuidSchema });
