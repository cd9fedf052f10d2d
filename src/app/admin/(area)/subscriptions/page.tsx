import { ExternalLink, Percent, Repeat, TrendingUp, Users } from "lucide-react";
import type { Metadata } from "next";
import { ListControls } from "@/components/admin/list-controls";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { PageHeader } from "@/components/admin/page-header";
import { SubscriptionActions } from "@/features/subscriptions/components/admin/subscription-actions";
import { StatCard } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_TONES, SUBSCRIPTION_STATUSES } from "@/lib/domain/subscription-status";
import { formatCents, formatDate } from "@/lib/format";
import { subscriptionListQuerySchema } from "@/features/subscriptions/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { squareSubscriptionDashboardUrl } from "@/features/square/server";
import { getSubscriptionStats, listAdminSubscriptions, unbilledMrrNote } from "@/features/subscriptions/server";

export const metadata: Metadata = { title: "Subscriptions" };

const STATUS_OPTIONS = [
  { value: "all", label: "All" },
  ...SUBSCRIPTION_STATUSES.map((value) => ({ value, label: SUBSCRIPTION_STATUS_LABELS[value] })),
];

type SubscriptionRow = Awaited<ReturnType<typeof listAdminSubscriptions>>["rows"][number];

/** Why a plan the firm bills has a period not billed yet; billed by the next run once that is done. */
const BILLING_WAITS_ADMIN: Record<NonNullable<SubscriptionRow["billingWaits"]>, string> = {
  square_not_connected: "Not billed: waits for Square to be connected (Settings)",
  no_square_customer: "Not billed: waits for the client's Square customer link",
};

const COLUMNS: Column<SubscriptionRow>[] = [
  { header: "Client", cell: (sub) => sub.company },
  { header: "Tier", cell: (sub) => sub.tierName },
  {
    header: "Status",
    cell: (sub) => (
      <StatusBadge
        value={sub.status}
        label={SUBSCRIPTION_STATUS_LABELS[sub.status]}
        tone={SUBSCRIPTION_STATUS_TONES[sub.status]}
        shape="square"
      />
    ),
  },
  // Only an active subscription brings in revenue: a cancelled or waiting one shows none.
  {
    header: "MRR",
    align: "right",
    className: "font-mono",
    cell: (sub) => (sub.status === "active" ? formatCents(sub.monthlyPriceCents) : "—"),
  },
  {
    header: "Next Billing",
    cell: (sub) =>
      sub.status !== "active"
        ? "—"
        : sub.billingWaits
          ? BILLING_WAITS_ADMIN[sub.billingWaits]
          : sub.cancelAtPeriodEnd
            ? `Ends ${formatDate(sub.currentPeriodEnd)}`
            : sub.nextTierName
              ? `${formatDate(sub.currentPeriodEnd)} · then ${sub.nextTierName}`
              : formatDate(sub.currentPeriodEnd),
  },
  {
    header: "Square",
    hideHeader: true,
    align: "right",
    cell: (sub) =>
      sub.squareSubscriptionId ? (
        <a
          href={squareSubscriptionDashboardUrl(sub.squareSubscriptionId)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-accent underline"
          aria-label={`Open the ${sub.company} subscription in Square (new tab)`}
        >
          Square
          <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      ) : null,
  },
  {
    header: "Actions",
    hideHeader: true,
    align: "right",
    cell: (sub) => (
      <SubscriptionActions
        subscriptionId={sub.id}
        status={sub.status}
        inSquare={sub.squareSubscriptionId !== null}
        label={`${sub.tierName} for ${sub.company}`}
      />
    ),
  },
];

export default async function AdminSubscriptionsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, subscriptionListQuerySchema);
  const db = getDb();
  const [stats, list] = await Promise.all([getSubscriptionStats(db, { actor }), listAdminSubscriptions(db, { actor, ...query })]);

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Support-plan subscriptions: confirm or decline plan requests; MRR counts active subscriptions only."
      />
      <section aria-label="Subscription figures" className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Monthly Recurring Revenue"
          value={formatCents(stats.mrrCents)}
          hint={unbilledMrrNote(stats)}
          icon={<TrendingUp className="h-7 w-7" aria-hidden />}
        />
        <StatCard label="Active Subscriptions" value={stats.activeCount} icon={<Repeat className="h-7 w-7" aria-hidden />} />
        <StatCard
          label="Average MRR per Client"
          value={formatCents(stats.averageMrrCents)}
          icon={<Users className="h-7 w-7" aria-hidden />}
        />
        <StatCard label="Churn Rate" value={`${stats.churnRatePercent}%`} icon={<Percent className="h-7 w-7" aria-hidden />} />
      </section>
      <ListControls
        searchLabel="Search subscriptions"
        placeholder="Search by client or tier..."
        statusOptions={STATUS_OPTIONS}
        loadingLabel="Loading subscriptions..."
      />
      <ListTable caption="Subscriptions" columns={COLUMNS} rows={list.rows} filtered={stats.hasAny} empty={EMPTY} />
      {list.total > list.rows.length ? (
        <p className="mt-3 text-sm text-muted">
          Showing the newest {list.rows.length} of {list.total} subscriptions; search to narrow the list.
        </p>
      ) : null}
    </>
  );
}

/** What the list says when it has no rows. */
const EMPTY: ListEmptyTexts = {
  icon: Repeat,
  whenFiltered: { title: "No subscriptions found", hint: "Try adjusting your search or filter" },
  whenNone: { title: "No subscriptions yet" },
};
