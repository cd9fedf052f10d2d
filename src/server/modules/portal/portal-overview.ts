import "server-only";
import { sql } from "drizzle-orm";
import { ACTIVE_BOOKING_STATUSES, MEETING_BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { documents, serviceBookings } from "@/server/core/db/schema";
import { oneOf } from "@/server/core/db/schema/one-of";
import { unreadMessagesOf } from "@/server/modules/messages";

export type OverviewStats = {
  totalDocuments: number;
  /** The client's service bookings that are approved or in progress (docs/PRODUCT.md#portal-overview). */
  activeProjects: number;
  /** Approved bookings starting today or later (docs/PRODUCT.md#portal-overview). */
  upcomingMeetings: number;
  /** Messages of the team (or colleagues) this user has not read yet (docs/PRODUCT.md#portal-messages). */
  unreadMessages: number;
};

/** The Overview stat cards in one query (scalar sub-selects). */
export async function getOverviewStats(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<OverviewStats> {
  assertClient(actor);
  type Row = { total_documents: number; active_projects: number; upcoming_meetings: number; unread_messages: number };
  const result = await db.execute<Row>(sql`
    select
      (select count(*) from ${documents} where ${documents.clientId} = ${actor.clientId})::int as total_documents,
      (select count(*) from ${serviceBookings}
        where ${serviceBookings.clientId} = ${actor.clientId} and ${oneOf(serviceBookings.status, ACTIVE_BOOKING_STATUSES)})::int as active_projects,
      (select count(*) from ${serviceBookings}
        where ${serviceBookings.clientId} = ${actor.clientId} and ${oneOf(serviceBookings.status, MEETING_BOOKING_STATUSES)}
          and ${serviceBookings.preferredStartDate} >= current_date)::int as upcoming_meetings,
      ${unreadMessagesOf(actor)} as unread_messages`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return {
    totalDocuments: Number(row?.total_documents ?? 0),
    activeProjects: Number(row?.active_projects ?? 0),
    upcomingMeetings: Number(row?.upcoming_meetings ?? 0),
    unreadMessages: Number(row?.unread_messages ?? 0),
  };
}
