// The bookings feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import { todayIso } from "@/lib/format";
import * as z from "zod/mini";
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
    .pipe(z.string({ error: "Preferred start date is required" }).check(z.minLength(1, "Preferred start date is required")), isoDateSchema)
    .check(z.refine((value) => value >= earliestStartDate(), "Preferred start date cannot be in the past")),
  estimatedScope: optionalText(200),
  projectDescription: z.pipe(text(5000), z.string().check(z.minLength(1, "Project description is required"))),
  urgency: z._default(z.enum(URGENCIES, { error: "Please select an urgency" }), DEFAULT_URGENCY),
});

export type ServiceBookingInput = z.input<typeof serviceBookingSchema>;

export type ServiceBooking = z.output<typeof serviceBookingSchema>;

export const bookingIdSchema = z.object({ bookingId: uuidSchema });

/** Sorts of the bookings list: newest request first, soonest preferred start, most urgent. */
export const BOOKING_SORTS = ["newest", "start", "urgency"] as const;

export type BookingSort = (typeof BOOKING_SORTS)[number];

export const bookingListQuerySchema = z.object({
  status: z._default(z.catch(z.union([z.enum(BOOKING_STATUSES), z.literal("all")]), "all"), "all"),
  service: z._default(z.catch(z.union([z.enum(BOOKING_SERVICE_TYPES), z.literal("all")]), "all"), "all"),
  sort: z._default(z.catch(z.enum(BOOKING_SORTS), "newest"), "newest"),
  page: z._default(pageNumber, 1),
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
