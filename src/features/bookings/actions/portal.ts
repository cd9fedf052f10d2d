"use server";
// The portal's service booking requests.
// Each action checks the client session itself (clientAction) and validates with the same schema as
// the form; the client id always comes from the session.
import { clientAction } from "@/features/identity/server";
import { serviceBookingSchema } from "@/features/bookings/validation";
import { createServiceBooking } from "@/features/bookings/server";
import { getDb } from "@/server/core/get-db";

export const requestServiceBooking = clientAction(serviceBookingSchema, (actor, input) => createServiceBooking(getDb(), { actor, input }));
