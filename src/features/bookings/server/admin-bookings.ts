import "server-only";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "@/lib/domain/booking-status";
import { URGENCIES_MOST_URGENT_FIRST, type Urgency } from "@/lib/domain/urgency";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import { type BookingListQuery } from "@/features/bookings/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { matchingCount, type Paged, pageOffset, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { lockRowById } from "@/server/core/db/lock-row";
import { serviceBookings } from "./schema";
import { sqlStringList } from "@/server/core/db/schema/one-of";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { onBookingStatusChanged } from "./booking-events";
import { companyNameSql } from "@/features/clients/server";
import { userNameSql } from "@/features/identity/server";

export type AdminBookingRow = {
  id: string;
  clientId: string;
  company: string;
  /** The person of the company who asked, or null (an older request, or a deleted user). */
  requestedBy: string | null;
  serviceType: string;
  preferredStartDate: string;
  estimatedScope: string | null;
  projectDescription: string;
  urgency: Urgency;
  status: BookingStatus;
  declineReason: string | null;
  createdAt: Date;
};

/** What a booking request says, with the client's company: the bookings list and the dashboard's pending card. */
export const bookingRequestColumns = {
  id: serviceBookings.id,
  company: companyNameSql(serviceBookings.clientId),
  requestedBy: userNameSql(serviceBookings.requestedBy),
  serviceType: serviceBookings.serviceType,
  preferredStartDate: serviceBookings.preferredStartDate,
  estimatedScope: serviceBookings.estimatedScope,
  projectDescription: serviceBookings.projectDescription,
  urgency: serviceBookings.urgency,
  createdAt: serviceBookings.createdAt,
};

/** Most urgent first, as a sort key (the list's "urgency" order and the dashboard's pending card). */
export const urgencyRank = sql`array_position(array[${sqlStringList(URGENCIES_MOST_URGENT_FIRST)}]::text[], ${serviceBookings.urgency})`;

const ORDER: Record<BookingListQuery["sort"], SQL[]> = {
  newest: [desc(serviceBookings.createdAt), desc(serviceBookings.id)],
  start: [asc(serviceBookings.preferredStartDate), desc(serviceBookings.createdAt), desc(serviceBookings.id)],
  urgency: [asc(urgencyRank), asc(serviceBookings.createdAt), asc(serviceBookings.id)],
};

/** One page of every client's bookings, filtered by status and service, with the total. */
export async function listAdminBookings(
  db: DbOrTx,
  {
    actor,
    status = "all",
    service = "all",
    sort = "newest",
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
  }: { actor: AdminActor } & Partial<BookingListQuery> & { pageSize?: number },
): Promise<Paged<AdminBookingRow>> {
  assertAdmin(actor);
  const where = and(
    status === "all" ? undefined : eq(serviceBookings.status, status),
    service === "all" ? undefined : eq(serviceBookings.serviceType, service),
  );
  const rows = await db
    .select({
      ...bookingRequestColumns,
      clientId: serviceBookings.clientId,
      status: serviceBookings.status,
      declineReason: serviceBookings.declineReason,
      total: matchingCount(),
    })
    .from(serviceBookings)
    .where(where)
    .orderBy(...ORDER[sort])
    .limit(pageSize)
    .offset(pageOffset(page, pageSize));
  return { ...splitTotal(rows), page, pageSize };
}

export type BookingDecision = { decision: "approve" } | { decision: "decline"; reason: string } | { decision: "complete" };

/** Which statuses each decision may start from, and where it leads. */
const TRANSITIONS: Record<BookingDecision["decision"], { from: readonly BookingStatus[]; to: BookingStatus }> = {
  approve: { from: ["pending"], to: "approved" },
  decline: { from: ["pending", "approved"], to: "declined" },
  complete: { from: ["approved", "in_progress"], to: "completed" },
};

const VERBS: Record<BookingDecision["decision"], string> = { approve: "approved", decline: "declined", complete: "marked completed" };

/**
 * Applies an admin's decision to a booking: the status (and a decline's reason), the audit row and
 * the notification hook in one transaction. A decision the current status does not allow is a 409.
 */
export async function decideBooking(
  db: Db,
  { actor, bookingId, decision }: { actor: AdminActor; bookingId: string; decision: BookingDecision },
) {
  assertAdmin(actor);
  const { from, to } = TRANSITIONS[decision.decision];
  const reason = decision.decision === "decline" ? decision.reason : null;
  return db.transaction(async (tx) => {
    const before = await lockRowById(tx, serviceBookings, bookingId, "Booking not found", {
      id: serviceBookings.id,
      clientId: serviceBookings.clientId,
      status: serviceBookings.status,
      declineReason: serviceBookings.declineReason,
    });
    if (!from.includes(before.status)) {
      const label = BOOKING_STATUS_LABELS[before.status].toLowerCase();
      throw new AppError(
        "conflict",
        before.status === to || decision.decision === "approve"
          ? `This booking is already ${label}.`
          : `A ${label} booking cannot be ${VERBS[decision.decision]}.`,
      );
    }
    await tx
      .update(serviceBookings)
      .set({ status: to, declineReason: reason, reviewedBy: actor.userId, updatedAt: new Date() })
      .where(and(eq(serviceBookings.id, bookingId), inArray(serviceBookings.status, [...from])));
    await recordAudit(tx, {
      actor,
      action: `booking.${decision.decision}`,
      entityType: "service_booking",
      entityId: bookingId,
      before: { status: before.status, declineReason: before.declineReason },
      after: { status: to, declineReason: reason, reviewedBy: actor.userId },
    });
    await onBookingStatusChanged(tx, { bookingId, clientId: before.clientId, status: to, reason });
    return { status: to, declineReason: reason };
  });
}
