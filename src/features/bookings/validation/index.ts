// The bookings feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import { todayIso } from "@/lib/format";
import { z } from "zod";
import { BOOKING_SERVICE_TYPES } from "@/lib/domain/services";
import { isoDateSchema, optionalText, text, uuidSchema } from "@/lib/validation/common";
import { URGENCIES, DEFAULT_URGENCY } from "@/lib/domain/urgency";
import { BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { pageNumber, requiredText } from "@/lib/validation/admin-fields";

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

export const bookingIdSchema = z.object({ bookingId: uuidSchema });

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
