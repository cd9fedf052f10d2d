import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { Suspense } from "react";
import { DemoExemptionNote } from "@/features/account/components/demo-exemption-note";
import { CreateClientButton } from "@/features/clients/components/admin/create-client-button";
import { PageHeader } from "@/components/admin/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardSkeleton } from "@/components/ui/card-skeleton";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage, sessionDemoExempt } from "@/features/identity/server";
import { listAuthorizationsToCountersign } from "@/features/authorizations/server";
import { listPendingBookings } from "@/features/bookings/server";
import { getDashboardStats, listRecentAudit } from "@/features/dashboard/server";
import { listRecentInquiries } from "@/features/inquiries/server";
import { getInvoicedVsCollected } from "@/features/invoices/server";
import { getMrrByMonth } from "@/features/subscriptions/server";
import { listFailedMails } from "@/features/operations/server";
import { getSquareStatus } from "@/features/square/server";
import { getUnbilledMrr } from "@/features/subscriptions/server";
import {
  KeyFigures,
  KeyFiguresSkeleton,
  LoadedCountersign,
  LoadedFailedMail,
  LoadedInquiries,
  LoadedPendingBookings,
  LoadedRevenueCharts,
  LoadedSquareCard,
  RecentActivity,
  RecentActivitySkeleton,
  RevenueChartsSkeleton,
} from "./dashboard-cards";

export const metadata: Metadata = { title: "Dashboard" };

/** A read started now and awaited by its card; until then its failure is the card's to report, not an unhandled rejection. */
function started<T>(read: Promise<T>): Promise<T> {
  read.catch(() => {});
  return read;
}

export default async function AdminDashboardPage() {
  await connection();
  const actor = await requireAdminPage();
  const db = getDb();
  // Every card's read starts here, side by side; the heading does not wait for any of them.
  const stats = started(getDashboardStats(db, { actor }));
  const pending = started(listPendingBookings(db, { actor }));
  const toCountersign = started(listAuthorizationsToCountersign(db, { actor }));
  const inquiries = started(listRecentInquiries(db, { actor }));
  const activity = started(listRecentAudit(db, { actor }));
  const failedMail = started(listFailedMails(db, { actor }));
  const squareStatus = started(getSquareStatus(db, { refresh: false }));
  const invoicedChart = started(getInvoicedVsCollected(db, { actor }));
  const mrrChart = started(getMrrByMonth(db, { actor }));
  const unbilled = started(getUnbilledMrr(db, { actor }));
  // From the session already read for the guard: no statement of its own.
  const demoExempt = await sessionDemoExempt();

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
        <Suspense fallback={<KeyFiguresSkeleton />}>
          <KeyFigures stats={stats} />
        </Suspense>
      </section>
      <Suspense fallback={<RevenueChartsSkeleton />}>
        <LoadedRevenueCharts invoiced={invoicedChart} mrr={mrrChart} unbilled={unbilled} />
      </Suspense>

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
        <Suspense fallback={<CardSkeleton title="Square Payments" lines={2} className="h-[10.5rem]" />}>
          <LoadedSquareCard status={squareStatus} stats={stats} />
        </Suspense>
        <Suspense fallback={<CardSkeleton title="Pending Service Bookings" lines={4} className="h-[13rem]" />}>
          <LoadedPendingBookings pending={pending} />
        </Suspense>
        <Suspense fallback={<CardSkeleton title="Authorizations to counter-sign" lines={4} className="h-[13rem]" />}>
          <LoadedCountersign waiting={toCountersign} />
        </Suspense>
        <Suspense fallback={<CardSkeleton title="Contact Inquiries" lines={4} className="h-[13rem]" />}>
          <LoadedInquiries inquiries={inquiries} />
        </Suspense>
        <Suspense fallback={<CardSkeleton title="Failed Mail" lines={4} className="h-[13rem]" />}>
          <LoadedFailedMail failed={failedMail} />
        </Suspense>
        <Suspense fallback={<RecentActivitySkeleton />}>
          <RecentActivity activity={activity} />
        </Suspense>
      </div>
    </>
  );
}
