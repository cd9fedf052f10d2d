// The rates feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { requiredText, dollarsToCents, optionalDollarsToCents } from "@/lib/validation/admin-fields";
import { optionalText, isoDateSchema, uuidSchema } from "@/lib/validation/common";

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
  rates: z.array(rateCardSchema, { error: "rates must be a list" }).check(z.maxLength(20, "At most 20 rate cards")),
});

export type UpdateClientRatesInput = z.input<typeof updateClientRatesSchema>;

export type UpdateClientRatesOutput = z.output<typeof updateClientRatesSchema>;

export type RateCardValues = z.output<typeof rateCardSchema>;
