"use server";
// Server actions of the bookings screen; each one checks the admin session itself (adminAction).
import { bookingDecisionSchema, bookingIdSchema } from "@/features/bookings/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { approveBooking, decideBooking } from "@/features/bookings/server";

/** Approve, decline (with the reason the client reads) or mark completed; audited. */
export const decideBookingAction = adminAction(bookingDecisionSchema, async (actor, { bookingId, ...decision }) =>
  decideBooking(getDb(), { actor, bookingId, decision }),
);

/** The dashboard's quick approval of a pending booking (docs/PRODUCT.md#admin-dashboard); audited. */
export const approveBookingAction = adminAction(bookingIdSchema, async (actor, { bookingId }) =>
  approveBooking(getDb(), { actor, bookingId }),
);
