import "server-only";
import { eq, sql } from "drizzle-orm";
import { ACTIVE_BOOKING_STATUSES, MEETING_BOOKING_STATUSES } from "@/lib/domain/booking-status";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clients, documents, serviceBookings } from "@/server/core/db/schema";
import { oneOf } from "@/server/core/db/schema/one-of";
import { AppError } from "@/server/core/errors";
import { billingSummarySubquery, type BillingSummary } from "@/features/invoices/server";
import { unreadMessagesOf } from "@/features/messages/server";

export type OverviewStats = {
  totalDocuments: number;
  /** The client's service bookings that are approved or in progress (docs/PRODUCT.md#portal-overview). */
  activeProjects: number;
  /** Approved bookings starting today or later (docs/PRODUCT.md#portal-overview). */
  upcomingMeetings: number;
  /** Messages of the team (or colleagues) this user has not read yet (docs/PRODUCT.md#portal-overview). */
  unreadMessages: number;
};

export type Overview = {
  /** personName: the signed-in person, whom the greeting names (not the company's contact person). */
  profile: { company: string; contactPerson: string; personName: string };
  stats: OverviewStats;
  /** Null for a member from whom the owners withheld Billing: no figure of it is read. */
  billing: BillingSummary | null;
};

/**
 * Everything the Overview shows in one statement: the greeting's names, the four stat cards
 * (scalar sub-selects) and the Outstanding Balance banner (Billing's summary, joined in).
 */
export async function getOverview(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<Overview> {
  assertClient(actor);
  const { clientId } = actor;
  const count = (from: ReturnType<typeof sql>) => sql<number>`(select count(*) from ${from})::int`.mapWith(Number);
  const base = {
    company: clients.company,
    contactPerson: clients.contactPerson,
    totalDocuments: count(sql`${documents} where ${documents.clientId} = ${clientId}`),
    activeProjects: count(
      sql`${serviceBookings} where ${serviceBookings.clientId} = ${clientId} and ${oneOf(serviceBookings.status, ACTIVE_BOOKING_STATUSES)}`,
    ),
    upcomingMeetings: count(
      sql`${serviceBookings} where ${serviceBookings.clientId} = ${clientId} and ${oneOf(serviceBookings.status, MEETING_BOOKING_STATUSES)}
        and ${serviceBookings.preferredStartDate} >= current_date`,
    ),
    unreadMessages: sql<number>`${unreadMessagesOf(actor)}`.mapWith(Number),
  };
  const where = eq(clients.id, clientId);
  const readBilling = async () => {
    const summary = billingSummarySubquery(db, { actor });
    const billing = {
      balanceDueCents: summary.balanceDueCents,
      pendingCount: summary.pendingCount,
      overdueCount: summary.overdueCount,
      invoiceCount: summary.invoiceCount,
    };
    return db
      .select({ ...base, billing })
      .from(clients)
      .crossJoin(summary)
      .where(where)
      .limit(1);
  };
  const [row] = actor.billingWithheld ? await db.select(base).from(clients).where(where).limit(1) : await readBilling();
  if (!row) throw new AppError("not_found", "Client account not found");
  const { company, contactPerson, billing, ...stats } = { billing: null, ...row };
  return { profile: { company, contactPerson, personName: actor.name || actor.email }, stats, billing };
}
