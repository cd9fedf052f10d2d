import { ExternalLink, Percent, Repeat, TrendingUp, Users } from "lucide-react";
import type { Metadata } from "next";
import { connection } from "next/server";
import { ListControls } from "@/components/admin/list-controls";
import { PageHeader } from "@/components/admin/page-header";
import { StatCard } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatCents, formatDate } from "@/lib/format";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_VALUES, subscriptionListQuerySchema } from "@/lib/validation/admin";
import { requireAdminPage } from "@/server/auth/session";
import { getSubscriptionStats, listAdminSubscriptions } from "@/server/data/admin-subscriptions";
import { getDb } from "@/server/data/db";
import { squareSubscriptionDashboardUrl } from "@/server/integrations/square/links";

export const metadata: Metadata = { title: "Subscriptions" };

const STATUS_OPTIONS = [{ value: "all", label: "All" }, ...SUBSCRIPTION_STATUS_VALUES.map((value) => ({ value, label: SUBSCRIPTION_STATUS_LABELS[value] }))];
const STATUS_STYLE: Record<string, string> = {
  active: "bg-emerald-500/15 text-emerald-300",
  paused: "bg-amber-500/15 text-amber-300",
  past_due: "bg-red-500/15 text-red-300",
  cancelled: "bg-slate-500/20 text-slate-300",
};

export default async function AdminSubscriptionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const actor = await requireAdminPage();
  const query = subscriptionListQuerySchema.parse(await searchParams);
  const db = getDb();
  const [stats, list] = await Promise.all([getSubscriptionStats(db, { actor }), listAdminSubscriptions(db, { actor, ...query })]);

  return (
    <>
      <PageHeader title="Subscriptions" description="Support-plan subscriptions billed through Square." />
      <section aria-label="Subscription figures" className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Monthly Recurring Revenue" value={formatCents(stats.mrrCents)} icon={<TrendingUp className="h-7 w-7" aria-hidden />} />
        <StatCard label="Active Subscriptions" value={stats.activeCount} icon={<Repeat className="h-7 w-7" aria-hidden />} />
        <StatCard label="Average MRR per Client" value={formatCents(stats.averageMrrCents)} icon={<Users className="h-7 w-7" aria-hidden />} />
        <StatCard label="Churn Rate" value={`${stats.churnRatePercent}%`} icon={<Percent className="h-7 w-7" aria-hidden />} />
      </section>
      <ListControls searchLabel="Search subscriptions" placeholder="Search by client or tier..." statusOptions={STATUS_OPTIONS} loadingLabel="Loading subscriptions..." />
      {list.rows.length === 0 ? (
        stats.hasAny ? (
          <EmptyState title="No subscriptions found" hint="Try adjusting your search or filter" icon={<Repeat className="h-8 w-8" aria-hidden />} />
        ) : (
          <EmptyState title="No subscriptions yet" icon={<Repeat className="h-8 w-8" aria-hidden />} />
        )
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-800">
          <table className="w-full min-w-[720px] text-left text-sm">
            <caption className="sr-only">Subscriptions</caption>
            <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">Client</th>
                <th scope="col" className="px-4 py-3">Tier</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3 text-right">MRR</th>
                <th scope="col" className="px-4 py-3">Next Billing</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">Square</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {list.rows.map((sub) => (
                <tr key={sub.id} className="hover:bg-surface/60">
                  <th scope="row" className="px-4 py-3 font-medium">{sub.company}</th>
                  <td className="px-4 py-3">{sub.tierName}</td>
                  <td className="px-4 py-3">
                    <span className={cn("rounded px-2 py-0.5 text-xs font-semibold uppercase", STATUS_STYLE[sub.status])}>{SUBSCRIPTION_STATUS_LABELS[sub.status]}</span>
                  </td>
                  <td className="px-4 py-3 text-right font-mono">{formatCents(sub.monthlyPriceCents)}</td>
                  <td className="px-4 py-3">{sub.status === "active" ? formatDate(sub.currentPeriodEnd) : "—"}</td>
                  <td className="px-4 py-3 text-right">
                    {sub.squareSubscriptionId ? (
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
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.total > list.rows.length ? <p className="mt-3 text-sm text-muted">Showing the newest {list.rows.length} of {list.total} subscriptions; search to narrow the list.</p> : null}
    </>
  );
}
