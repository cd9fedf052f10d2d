// The square feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { uuidSchema, emailSchema } from "@/lib/validation/common";

/** Square's customer ids are short tokens of letters, digits and a few separators. */
export const squareCustomerIdSchema = z
  .string({ error: "Square customer id is required" })
  .check(
    z.trim(),
    z.minLength(1, "Square customer id is required"),
    z.maxLength(191, "Square customer id is too long"),
    z.regex(/^[A-Za-z0-9_.:-]+$/, "Use the id shown in Square (letters, digits, - _ . :)"),
  );

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
  billingEmail: z.pipe(
    z.nullish(z.union([z.literal(""), emailSchema])),
    z.transform((value: string | null | undefined) => (value ? value.toLowerCase() : null)),
  ),
});

export type BillingEmailInput = z.input<typeof billingEmailSchema>;
