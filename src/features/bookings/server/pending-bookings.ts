import "server-only";
import { eq } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { matchingCount, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { serviceBookings } from "./schema";
import { type AdminBookingRow, bookingRequestColumns, decideBooking, urgencyRank } from "./admin-bookings";

// The dashboard's Pending Bookings card (docs/PRODUCT.md#admin-dashboard): its list and its quick approval.

export type PendingBooking = Omit<AdminBookingRow, "clientId" | "status" | "declineReason">;

/** Pending service bookings, most urgent first then oldest first, with the total pending count. */
export async function listPendingBookings(db: DbOrTx, { actor, limit = 50 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  const rows = await db
    .select({ ...bookingRequestColumns, total: matchingCount() })
    .from(serviceBookings)
    .where(eq(serviceBookings.status, "pending"))
    .orderBy(urgencyRank, serviceBookings.createdAt)
    .limit(limit);
  const { rows: bookings, total } = splitTotal(rows);
  return { bookings: bookings satisfies PendingBooking[], total };
}

/** Approves a pending booking (status → approved), recording who reviewed it (see decideBooking). */
export async function approveBooking(db: Db, { actor, bookingId }: { actor: AdminActor; bookingId: string }) {
  const { status } = await decideBooking(db, { actor, bookingId, decision: { decision: "approve" } });
  return { status: status as "approved" };
}
