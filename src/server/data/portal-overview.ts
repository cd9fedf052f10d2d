import "server-only";
import { sql } from "drizzle-orm";
import { ACTIVE_BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { assertClient, type ClientActor } from "../auth/session";
import type { DbOrTx } from "../db/client";
import { documents, serviceBookings } from "../db/schema";
import { oneOf } from "../db/schema/one-of";

export type OverviewStats = {
  totalDocuments: number;
  /** The client's service bookings that are approved or in progress (docs/PRODUCT.md#portal-overview). */
  activeProjects: number;
  /** Always 0: the product has no meetings or messages yet. */
  upcomingMeetings: 0;
  unreadMessages: 0;
};

/** The Overview stat cards in one query (two scalar sub-selects). */
export async function getOverviewStats(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<OverviewStats> {
  assertClient(actor);
  const result = await db.execute<{ total_documents: number; active_projects: number }>(sql`
    select
      (select count(*) from ${documents} where ${documents.clientId} = ${actor.clientId})::int as total_documents,
      (select count(*) from ${serviceBookings}
        where ${serviceBookings.clientId} = ${actor.clientId} and ${oneOf(serviceBookings.status, ACTIVE_BOOKING_STATUSES)})::int as active_projects`);
  const row = (result as unknown as { rows: { total_documents: number; active_projects: number }[] }).rows[0];
  return {
    totalDocuments: Number(row?.total_documents ?? 0),
    activeProjects: Number(row?.active_projects ?? 0),
    upcomingMeetings: 0,
    unreadMessages: 0,
  };
}
