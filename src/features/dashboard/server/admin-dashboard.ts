import "server-only";
import { sql } from "drizzle-orm";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { listRecentAuditEntries } from "@/features/audit/server";
import { authorizationsToCountersignCount } from "@/features/authorizations/server";
import { unreadInquiriesCount } from "@/features/inquiries/server";
import { outstandingRevenueSql } from "@/features/invoices/server";
import { adminUnreadThreadsCount } from "@/features/messages/server";
import { unmatchedInvoicesCount } from "@/features/square/server";
import { clientCountSql } from "@/features/clients/server";
import { activeProjectCountSql } from "@/features/projects/server";

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
      totalClients: clientCountSql,
      activeProjects: activeProjectCountSql(),
      outstandingCents: outstandingRevenueSql,
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

/** The latest audit entries with the acting user's email, for the dashboard's activity card; the firm's page looks left out. */
export async function listRecentAudit(db: DbOrTx, { actor, limit = 8 }: { actor: AdminActor; limit?: number }) {
  assertAdmin(actor);
  return listRecentAuditEntries(db, { actor, limit });
}
