// The dashboard's cards, each waiting for its own read: the page starts every read at once and puts
// each card in its own Suspense boundary, so the heading goes out at once and a slow card holds only
// itself (docs/PRODUCT.md#admin-dashboard). Each card's skeleton is CardSkeleton at the card's size.
import { Activity, DollarSign, FolderKanban, Users } from "@/components/ui/sprite-icon";
import Link from "next/link";
import { CountersignCard } from "@/features/authorizations/components/countersign-card";
import { FailedMailCard } from "@/features/operations/components/admin/failed-mail-card";
import { InquiriesCard } from "@/features/inquiries/components/admin/inquiries-card";
import { PendingBookingsCard } from "@/features/bookings/components/admin/pending-bookings-card";
import { RevenueCharts } from "@/features/invoices/components/admin/revenue-charts";
import { SquareCard } from "@/features/square/components/admin/square-card";
import { Card, StatCard } from "@/components/ui/card";
import { CardSkeleton } from "@/components/ui/card-skeleton";
import { auditActionLabel } from "@/lib/domain/audit-action";
import { formatCentsThousands, formatRelativeTime } from "@/lib/format";
import type { listAuthorizationsToCountersign } from "@/features/authorizations/server";
import type { listPendingBookings } from "@/features/bookings/server";
import type { getDashboardStats, listRecentAudit } from "@/features/dashboard/server";
import type { listRecentInquiries } from "@/features/inquiries/server";
import type { getInvoicedVsCollected } from "@/features/invoices/server";
import type { getMrrByMonth } from "@/features/subscriptions/server";
import type { listFailedMails } from "@/features/operations/server";
import type { getSquareStatus } from "@/features/square/server";
import type { getUnbilledMrr } from "@/features/subscriptions/server";
import { unbilledMrrNote } from "@/features/subscriptions/server";

/** What a read resolves to. */
type Read<F extends (...args: never[]) => Promise<unknown>> = Promise<Awaited<ReturnType<F>>>;

export async function KeyFigures({ stats }: { stats: Read<typeof getDashboardStats> }) {
  const figures = await stats;
  return (
    <>
      <StatCard
        label="Total Clients"
        value={figures.totalClients.toLocaleString("en-US")}
        icon={<Users className="h-7 w-7" aria-hidden />}
      />
      <StatCard
        label="Active Projects"
        value={figures.activeProjects.toLocaleString("en-US")}
        icon={<FolderKanban className="h-7 w-7" aria-hidden />}
      />
      <StatCard
        label="Outstanding Revenue"
        value={formatCentsThousands(figures.outstandingCents)}
        icon={<DollarSign className="h-7 w-7" aria-hidden />}
      />
    </>
  );
}

/** The three figures' places: a stat card's height (label, value, padding). */
export function KeyFiguresSkeleton() {
  return (
    <>
      {["Total Clients", "Active Projects", "Outstanding Revenue"].map((label) => (
        <Card key={label} className="h-[5.75rem]" aria-busy="true">
          <p className="text-sm text-muted">{label}</p>
          <div className="mt-2 h-6 w-24 animate-pulse rounded bg-slate-800" aria-hidden />
        </Card>
      ))}
    </>
  );
}

export async function LoadedRevenueCharts(props: {
  invoiced: Read<typeof getInvoicedVsCollected>;
  mrr: Read<typeof getMrrByMonth>;
  unbilled: Read<typeof getUnbilledMrr>;
}) {
  const [invoiced, mrr, unbilled] = await Promise.all([props.invoiced, props.mrr, props.unbilled]);
  return <RevenueCharts invoiced={invoiced} mrr={mrr} mrrNote={unbilledMrrNote(unbilled)} />;
}

/** The two charts' places, side by side as the charts are, at a chart card's height. */
export function RevenueChartsSkeleton() {
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <CardSkeleton title="Invoiced vs Collected" lines={6} className="h-[23rem]" />
      <CardSkeleton title="Monthly Recurring Revenue" lines={6} className="h-[23rem]" />
    </div>
  );
}

export async function LoadedSquareCard({ status, stats }: { status: Read<typeof getSquareStatus>; stats: Read<typeof getDashboardStats> }) {
  const [squareStatus, figures] = await Promise.all([status, stats]);
  return <SquareCard status={squareStatus} unmatched={figures.unmatchedInvoices} />;
}

export async function LoadedPendingBookings({ pending }: { pending: Read<typeof listPendingBookings> }) {
  const { total, bookings } = await pending;
  return <PendingBookingsCard total={total} bookings={bookings.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() }))} />;
}

export async function LoadedCountersign({ waiting }: { waiting: Read<typeof listAuthorizationsToCountersign> }) {
  const rows = await waiting;
  return <CountersignCard waiting={rows.map((a) => ({ ...a, signedAt: a.signedAt.toISOString() }))} />;
}

export async function LoadedInquiries({ inquiries }: { inquiries: Read<typeof listRecentInquiries> }) {
  const { unread, inquiries: rows } = await inquiries;
  return (
    <InquiriesCard
      unread={unread}
      inquiries={rows.map((i) => ({ ...i, readAt: i.readAt?.toISOString() ?? null, createdAt: i.createdAt.toISOString() }))}
    />
  );
}

export async function LoadedFailedMail({ failed }: { failed: Read<typeof listFailedMails> }) {
  const { total, mails } = await failed;
  return <FailedMailCard total={total} mails={mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }))} />;
}

export async function RecentActivity({ activity }: { activity: Read<typeof listRecentAudit> }) {
  const entries = await activity;
  return (
    <Card className="lg:col-span-2">
      <RecentActivityHeading />
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No changes recorded yet</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800 text-sm">
          {entries.map((entry) => (
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
  );
}

function RecentActivityHeading() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Activity className="h-5 w-5 text-accent" aria-hidden />
        Recent Activity
      </h2>
      <Link href="/admin/audit" className="text-sm text-accent underline underline-offset-2">
        View audit log
      </Link>
    </div>
  );
}

/** Recent Activity's place: its eight rows' height. */
export function RecentActivitySkeleton() {
  return <CardSkeleton title="Recent Activity" lines={8} className="h-[24rem] lg:col-span-2" />;
}
