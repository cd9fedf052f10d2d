import { Activity, DollarSign, FolderKanban, Users } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { DemoExemptionNote } from "@/features/account/components/demo-exemption-note";
import { CountersignCard } from "@/features/authorizations/components/countersign-card";
import { CreateClientButton } from "@/features/clients/components/admin/create-client-button";
import { FailedMailCard } from "@/features/operations/components/admin/failed-mail-card";
import { InquiriesCard } from "@/features/inquiries/components/admin/inquiries-card";
import { PageHeader } from "@/components/admin/page-header";
import { PendingBookingsCard } from "@/features/bookings/components/admin/pending-bookings-card";
import { RevenueCharts } from "@/features/invoices/components/admin/revenue-charts";
import { SquareCard } from "@/features/square/components/admin/square-card";
import { buttonClasses } from "@/components/ui/button";
import { Card, StatCard } from "@/components/ui/card";
import { auditActionLabel } from "@/lib/domain/audit-action";
import { formatCentsThousands, formatRelativeTime } from "@/lib/format";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage, sessionDemoExempt } from "@/features/identity/server";
import { listAuthorizationsToCountersign } from "@/features/authorizations/server";
import { listPendingBookings } from "@/features/bookings/server";
import { getDashboardStats, listRecentAudit } from "@/features/dashboard/server";
import { listRecentInquiries } from "@/features/inquiries/server";
import { getInvoicedVsCollected, getMrrByMonth } from "@/features/invoices/server";
import { listFailedMails } from "@/features/operations/server";
import { getSquareStatus } from "@/features/square/server";
import { getSubscriptionStats, unbilledMrrNote } from "@/features/subscriptions/server";

export const metadata: Metadata = { title: "Dashboard" };

export default async function AdminDashboardPage() {
  await connection();
  const actor = await requireAdminPage();
  const db = getDb();
  const [stats, pending, toCountersign, inquiries, activity, failedMail, squareStatus, invoicedChart, mrrChart, demoExempt, plans] =
    await Promise.all([
      getDashboardStats(db, { actor }),
      listPendingBookings(db, { actor }),
      listAuthorizationsToCountersign(db, { actor }),
      listRecentInquiries(db, { actor }),
      listRecentAudit(db, { actor }),
      listFailedMails(db, { actor }),
      getSquareStatus(db, { refresh: false }),
      getInvoicedVsCollected(db, { actor }),
      getMrrByMonth(db, { actor }),
      sessionDemoExempt(),
      getSubscriptionStats(db, { actor }),
    ]);

  return (
    <>
      <PageHeader title="Admin Dashboard" description={`Signed in as ${actor.email}`} />
      {demoExempt ? (
        <DemoExemptionNote className="mb-6">
          <Link href="/admin/account?tab=security" className="underline">
            Set up two-factor
          </Link>
        </DemoExemptionNote>
      ) : null}
      <section aria-label="Key figures" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard
          label="Total Clients"
          value={stats.totalClients.toLocaleString("en-US")}
          icon={<Users className="h-7 w-7" aria-hidden />}
        />
        <StatCard
          label="Active Projects"
          value={stats.activeProjects.toLocaleString("en-US")}
          icon={<FolderKanban className="h-7 w-7" aria-hidden />}
        />
        <StatCard
          label="Outstanding Revenue"
          value={formatCentsThousands(stats.outstandingCents)}
          icon={<DollarSign className="h-7 w-7" aria-hidden />}
        />
      </section>
      <RevenueCharts invoiced={invoicedChart} mrr={mrrChart} mrrNote={unbilledMrrNote(plans)} />

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">Client Management</h2>
          <p className="mt-1 text-sm text-muted">Review balances and rates, or invite a new client to the portal.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link href="/admin/clients" className={buttonClasses("secondary")}>
              View All Clients
            </Link>
            <CreateClientButton />
          </div>
        </Card>
        <SquareCard status={squareStatus} unmatched={stats.unmatchedInvoices} />
        <PendingBookingsCard
          total={pending.total}
          bookings={pending.bookings.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() }))}
        />
        <CountersignCard waiting={toCountersign.map((a) => ({ ...a, signedAt: a.signedAt.toISOString() }))} />
        <InquiriesCard
          unread={inquiries.unread}
          inquiries={inquiries.inquiries.map((i) => ({
            ...i,
            readAt: i.readAt?.toISOString() ?? null,
            createdAt: i.createdAt.toISOString(),
          }))}
        />
        <FailedMailCard total={failedMail.total} mails={failedMail.mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }))} />
        <Card className="lg:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Activity className="h-5 w-5 text-accent" aria-hidden />
              Recent Activity
            </h2>
            <Link href="/admin/audit" className="text-sm text-accent underline underline-offset-2">
              View audit log
            </Link>
          </div>
          {activity.length === 0 ? (
            <p className="mt-4 text-sm text-muted">No changes recorded yet</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-800 text-sm">
              {activity.map((entry) => (
                <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{auditActionLabel(entry.action)}</span>{" "}
                    <span className="text-muted">by {entry.actorEmail ?? "system"}</span>
                  </span>
                  <span className="text-xs text-muted">{formatRelativeTime(entry.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
