import "server-only";
import { and, asc, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import { MEETING_BOOKING_STATUSES } from "@/lib/domain/booking-status";
import type { BookingStatus } from "@/lib/domain/booking-status";
import type { Urgency } from "@/lib/domain/urgency";
import type { ServiceBooking } from "@/features/bookings/validation";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { serviceBookings } from "./schema";
import { oneOf } from "@/server/core/db/schema/one-of";
import { enforceRateLimit } from "@/server/core/rate-limit";
import { recordAudit } from "@/features/audit/server";
import { notifyBookingReceived } from "./booking-events";

/** How many approved meetings of the client start today or later, as a sub-select for the caller's statement (the portal's Overview). */
export const upcomingMeetingsCountSql = (clientId: string) =>
  sql<number>`(select count(*) from ${serviceBookings} where ${serviceBookings.clientId} = ${clientId} and ${oneOf(serviceBookings.status, MEETING_BOOKING_STATUSES)}
        and ${serviceBookings.preferredStartDate} >= current_date)::int`.mapWith(Number);

export type PortalBooking = {
  id: string;
  serviceType: string;
  projectDescription: string;
  preferredStartDate: string;
  urgency: Urgency;
  status: BookingStatus;
  /** Why the consultancy declined it (null unless declined). */
  declineReason: string | null;
  createdAt: string;
};

/** What the portal shows of a booking request (listed, or just made). */
const bookingColumns = {
  id: serviceBookings.id,
  serviceType: serviceBookings.serviceType,
  projectDescription: serviceBookings.projectDescription,
  preferredStartDate: serviceBookings.preferredStartDate,
  urgency: serviceBookings.urgency,
  status: serviceBookings.status,
  declineReason: serviceBookings.declineReason,
  createdAt: serviceBookings.createdAt,
};

/** How many of the client's latest booking requests the portal lists under the form. */
export const RECENT_BOOKINGS_LIMIT = 10;

/** The client's bookings that `where` keeps, in `orderBy` order, at most `limit`. */
async function readClientBookings(
  db: DbOrTx,
  actor: ClientActor,
  { where, orderBy, limit }: { where?: SQL; orderBy: SQL[]; limit: number },
): Promise<PortalBooking[]> {
  const rows = await db
    .select(bookingColumns)
    .from(serviceBookings)
    .where(and(eq(serviceBookings.clientId, actor.clientId), where))
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The client's latest booking requests with their status, newest first. */
export async function listRecentBookings(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalBooking[]> {
  assertClient(actor);
  return readClientBookings(db, actor, {
    orderBy: [desc(serviceBookings.createdAt), desc(serviceBookings.id)],
    limit: RECENT_BOOKINGS_LIMIT,
  });
}

/** How many upcoming meetings the Book Service section lists. */
export const UPCOMING_MEETINGS_LIMIT = 20;

/**
 * The client's approved bookings starting today or later, soonest first: the meetings the overview
 * counts (docs/PRODUCT.md#portal-book-service).
 */
export async function listUpcomingMeetings(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalBooking[]> {
  assertClient(actor);
  return readClientBookings(db, actor, {
    where: and(oneOf(serviceBookings.status, MEETING_BOOKING_STATUSES), gte(serviceBookings.preferredStartDate, sql`current_date`)),
    orderBy: [asc(serviceBookings.preferredStartDate), asc(serviceBookings.id)],
    limit: UPCOMING_MEETINGS_LIMIT,
  });
}

// Generous for a real client, tight enough that a script cannot flood the admins' queue.
const BOOKING_RATE_LIMIT = { windowSeconds: 3600, max: 10 };

/** Stores a booking request as pending, for the admins to review. */
export async function createServiceBooking(
  db: DbOrTx,
  { actor, input }: { actor: ClientActor; input: ServiceBooking },
): Promise<PortalBooking> {
  assertClient(actor);
  await enforceRateLimit(
    db,
    `portal-booking:${actor.clientId}`,
    BOOKING_RATE_LIMIT,
    "Too many booking requests. Please try again later or contact your account manager.",
  );
  // The request and its mails (client confirmation, admin notice) exist together or not at all.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(serviceBookings)
      .values({
        clientId: actor.clientId,
        requestedBy: actor.userId,
        status: "pending",
        serviceType: input.serviceType,
        preferredStartDate: input.preferredStartDate,
        estimatedScope: input.estimatedScope,
        projectDescription: input.projectDescription,
        urgency: input.urgency,
      })
      .returning(bookingColumns);
    await notifyBookingReceived(tx, { ...row!, clientId: actor.clientId, requestedBy: actor.name || actor.email });
    // The person who asked, not just the company (docs/PRODUCT.md#portal-team).
    await recordAudit(tx, {
      actor,
      action: "booking.request",
      entityType: "service_booking",
      entityId: row!.id,
      before: null,
      after: { clientId: actor.clientId, requestedBy: actor.userId, serviceType: row!.serviceType, urgency: row!.urgency },
    });
    return { ...row!, createdAt: row!.createdAt.toISOString() };
  });
}
