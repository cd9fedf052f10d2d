// The settings feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { SERVICE_NAMES } from "@/lib/domain/services";
import { MIN_RETEST_TRIALS_MAX } from "@/lib/domain/finding-measurement";
import { dollarsToCents, optionalDollarsToCents } from "@/lib/validation/admin-fields";
import { nameText, optionalText, requiredField } from "@/lib/validation/common";

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
    .check(
      z.length(SERVICE_NAMES.length, `Give a rate for each of the ${SERVICE_NAMES.length} services`),
      z.refine((rates) => new Set(rates.map((r) => r.serviceType)).size === rates.length, "Give each service once"),
    ),
});

export type DefaultRatesInput = z.input<typeof defaultRatesSchema>;

export type DefaultRatesValues = z.output<typeof defaultRatesSchema>;

export const clientTwoFactorPolicySchema = z.object({ required: z.boolean({ error: "required must be true or false" }) });

/** The firm as its invoices and statements name it (docs/PRODUCT.md#admin-settings): a name, an address of a few lines. */
export const firmDetailsSchema = z.object({
  name: requiredField("Enter the firm's name", nameText(120)),
  address: optionalText(500),
});

export type FirmDetailsInput = z.input<typeof firmDetailsSchema>;

/** The trials an AI finding's retest needs, with no success, to be Verified Fixed (docs/PRODUCT.md#measured-ai-findings). */
export const minRetestTrialsSchema = z.object({
  minTrials: z.coerce
    .number({ error: "Enter a number of trials" })
    .check(
      z.int("Enter a whole number of trials"),
      z.gte(1, "At least 1 trial"),
      z.lte(MIN_RETEST_TRIALS_MAX, `At most ${MIN_RETEST_TRIALS_MAX.toLocaleString("en-US")} trials`),
    ),
});
export type MinRetestTrialsInput = z.input<typeof minRetestTrialsSchema>;
