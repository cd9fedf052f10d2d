import "server-only";
import { desc, eq, notInArray, sql } from "drizzle-orm";
import { ACTIVE_PROJECT_STATUSES } from "@/lib/domain/project-status";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { matchingCount, splitTotal } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { auditLog, clients, contactInquiries, invoices, projects, serviceBookings, user } from "@/server/core/db/schema";
import { oneOf } from "@/server/core/db/schema/one-of";
import { auditEntryColumns, FIRM_PAGE_LOOKS, recordAudit } from "@/features/audit/server";
import { authorizationsToCountersignCount } from "@/features/authorizations/server";
import { type AdminBookingRow, bookingRequestColumns, decideBooking, urgencyRank } from "@/features/bookings/server";
import { inquiryMessageColumns, lockInquiry, unreadInquiriesCount } from "@/features/inquiries/server";
import { invoiceIsOpen, invoiceOutstandingCents } from "@/features/invoices/server";
import { adminUnreadThreadsCount } from "@/features/messages/server";
import { unmatchedInvoicesCount } from "@/features/square/server";

/**
 * The dashboard's figures in one statement: its three cards, and the Square card's invoices waiting
 * for a client. Active projects are in_progress + on_hold; Outstanding Revenue sums what clients
 * still owe on pending + overdue invoices (see invoiceOutstandingCents); Square invoices waiting for
 * a client are not counted in it until assigned.
 */
export async function getDashboardStats(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const [row] = await db
    .select({
      totalClients: sql<number>`(select count(*) from ${clients})`.mapWith(Number),
      activeProjects: sql<number>`(select count(*) from ${projects} where ${oneOf(projects.status, ACTIVE_PROJECT_STATUSES)})`.mapWith(
        Number,
      ),
      outstandingCents:
        sql<number>`(select coalesce(sum(${invoiceOutstandingCents}), 0) from ${invoices} where ${invoiceIsOpen} and ${invoices.clientId} is not null)`.mapWith(
          Number,
        ),
      unmatchedInvoices: unmatchedInvoicesCount,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/**
 * The admin area's sidebar figures, on every admin page: unread inquiries, the threads with
 * something this admin has not read, and the authorizations waiting for the firm's counter-signature
 * (the Dashboard's), in one statement.
 */
export async function getAdminNavCounts(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const [row] = await db
    .select({
      unreadInquiries: unreadInquiriesCount,
      unreadThreads: adminUnreadThreadsCount(actor),
      toCountersign: authorizationsToCountersignCount,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

export type PendingBooking = Omit<AdminBookingRow, "clientId" | "status" | "declineReason">;

/** Pending service bookings, most urgent first then oldest first, with the total pending count. */
export async function listPendingBookings(db: DbOrTx, { actor, limit = 50 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  const rows = await db
    .select({ ...bookingRequestColumns, total: matchingCount() })
    .from(serviceBookings)
    .innerJoin(clients, eq(clients.id, serviceBookings.clientId))
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

/** The newest contact inquiries (what visitors sent) and how many are unread. */
export async function listRecentInquiries(db: DbOrTx, { actor, limit = 5 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  const rows = await db
    .select({
      ...inquiryMessageColumns,
      readAt: contactInquiries.readAt,
      createdAt: contactInquiries.createdAt,
      unread: unreadInquiriesCount,
    })
    .from(contactInquiries)
    .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
    .limit(limit);
  return { inquiries: rows.map(({ unread: _u, ...r }) => r), unread: rows[0]?.unread ?? 0 };
}

/** Marks an inquiry read (first read wins; reading it again changes nothing). */
export async function markInquiryRead(db: Db, { actor, inquiryId }: { actor: AdminActor; inquiryId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const before = await lockInquiry(tx, inquiryId);
    if (before.readAt) return { readAt: before.readAt };
    const readAt = new Date();
    await tx.update(contactInquiries).set({ readAt }).where(eq(contactInquiries.id, inquiryId));
    await recordAudit(tx, {
      actor,
      action: "inquiry.read",
      entityType: "contact_inquiry",
      entityId: inquiryId,
      before: { readAt: null },
      after: { readAt },
    });
    return { readAt };
  });
}

/** The latest audit entries with the acting user's email, for the dashboard's activity card; the firm's page looks left out. */
export async function listRecentAudit(db: DbOrTx, { actor, limit = 8 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  return db
    .select(auditEntryColumns)
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(notInArray(auditLog.action, [...FIRM_PAGE_LOOKS]))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
