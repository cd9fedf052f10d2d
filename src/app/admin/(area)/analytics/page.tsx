import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { requireAdminPage } from "@/features/identity/server";
import { loadAdminAnalytics } from "@/features/analytics/server";
import { AnalyticsScreen } from "@/features/analytics/components/analytics-screen";
import { BoardSummaryCard } from "@/features/analytics/components/board-summary-card";
import { filtersFromSearch, recentQuarters } from "@/features/analytics/validation";
import { getDb } from "@/server/core/get-db";

export const metadata: Metadata = { title: "Analytics" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * `/admin/analytics?client=&engagement=&severity=&category=&period=` (docs/PRODUCT.md#analytics):
 * remediation figures across every company, or one, and a company's board summary of a quarter.
 */
export default async function AdminAnalyticsPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const actor = await requireAdminPage();
  const analytics = await loadAdminAnalytics(getDb(), { actor, filters: filtersFromSearch(await searchParams) });
  // The current quarter (in progress) and the seven before it; the last full one chosen at first.
  const quarters = recentQuarters(new Date(), 8);
  return (
    <>
      <PageHeader
        title="Analytics"
        description="How fast findings are fixed, SLAs met, and what is still open: across every company, or one."
      />
      <BoardSummaryCard companies={analytics.companies} quarters={quarters} company={analytics.filters.client} quarter={quarters[1]!} />
      <AnalyticsScreen analytics={analytics} action="/admin/analytics" exportBase="/api/admin/exports/findings" firmView />
    </>
  );
}
