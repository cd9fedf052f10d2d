// Shared by the portal's forms (react-hook-form resolver) and its server actions: one schema each.
import "./zod-config";
import { z } from "zod";
import { BOOKING_SERVICE_TYPES } from "../domain/services";
import { DEFAULT_URGENCY, URGENCIES } from "../domain/urgency";
import { todayIso } from "../format";
import { emailSchema, isoDateSchema, nameText, optionalText, text } from "./common";

// A phone number as people type it: digits with spaces, +, -, dots, parentheses and an extension.
const PHONE = /^[0-9+().\-\s]*(?:(?:ext\.?|x)\s*\d+)?$/i;

export const accountSettingsSchema = z.object({
  contactPerson: text(120).pipe(z.string().min(1, "Contact person is required")),
  // The contact address only: the sign-in email lives on the user record and is not changed here.
  contactEmail: emailSchema,
  company: nameText(200).pipe(z.string().min(1, "Company is required")),
  phone: text(40)
    .refine((value) => PHONE.test(value), "Enter a valid phone number")
    .optional()
    .transform((value) => (value ? value : null)),
  address: optionalText(500),
});
export type AccountSettingsInput = z.input<typeof accountSettingsSchema>;
export type AccountSettings = z.output<typeof accountSettingsSchema>;

/** The earliest preferred start date accepted: yesterday in UTC, so no time zone refuses "today". */
export function earliestStartDate(now: Date = new Date()): string {
  return todayIso(new Date(now.getTime() - 86_400_000));
}

export const serviceBookingSchema = z.object({
  serviceType: z.enum(BOOKING_SERVICE_TYPES, { error: "Please select a service type" }),
  preferredStartDate: z
    .string({ error: "Preferred start date is required" })
    .min(1, "Preferred start date is required")
    .pipe(isoDateSchema)
    .refine((value) => value >= earliestStartDate(), "Preferred start date cannot be in the past"),
  estimatedScope: optionalText(200),
  projectDescription: text(5000).pipe(z.string().min(1, "Project description is required")),
  urgency: z.enum(URGENCIES, { error: "Please select an urgency" }).default(DEFAULT_URGENCY),
});
export type ServiceBookingInput = z.input<typeof serviceBookingSchema>;
export type ServiceBooking = z.output<typeof serviceBookingSchema>;

/** Paging through Recent Invoices beyond the first page. */
export const INVOICE_PAGE_SIZE = 50;
export const invoicePageSchema = z.object({
  offset: z.number({ error: "Invalid offset" }).int("Invalid offset").min(0, "Invalid offset").max(1_000_000, "Invalid offset"),
});

/** Book Service: asking for a support plan, and ending one's own subscription or request. */
export const subscribeSchema = z.object({ planId: z.uuid("Invalid id") });
export const cancelSubscriptionSchema = z.object({ subscriptionId: z.uuid("Invalid id") });
