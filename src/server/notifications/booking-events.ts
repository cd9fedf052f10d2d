import "server-only";
import type { BookingStatus } from "@/lib/domain/booking-status";
import type { DbOrTx } from "../db/client";

/** Called inside the transaction of every booking status change (docs/PRODUCT.md#admin-bookings). */
export async function onBookingStatusChanged(
  _tx: DbOrTx,
  _event: { bookingId: string; clientId: string; status: BookingStatus; reason: string | null },
): Promise<void> {
  // The notifications module fills this in (mail to the client on a status change).
}
