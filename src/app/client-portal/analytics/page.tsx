import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getPortalAccess } from "@/features/identity/server";
import { loadClientAnalytics } from "@/features/analytics/server";
import { AnalyticsScreen } from "@/features/analytics/components/analytics-screen";
import { BoardSummaryCard } from "@/features/analytics/components/board-summary-card";
import { filtersFromSearch, recentQuarters } from "@/features/analytics/validation";
import { getDb } from "@/server/core/get-db";
import { FindingsWithheldPage } from "@/features/findings/components/portal/findings-withheld";

export const metadata: Metadata = { title: "Remediation analytics · Client Portal", robots: { index: false } };

/**
 * `/client-portal/analytics?engagement=&severity=&category=&period=` (docs/PRODUCT.md#analytics):
 * the company's remediation figures and charts, and the interchange exports of the same findings;
 * for an owner (not a viewing admin), the board summary of a quarter. Signed out, the portal.
 */
export default async function PortalAnalyticsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  const access = await getPortalAccess();
  if (!access || access.mustEnrol) redirect("/client-portal");
  // Withheld from this member with the findings (docs/PRODUCT.md#portal-team): the page says so and reads nothing.
  if (access.actor.findingsWithheld) return <FindingsWithheldPage title="Remediation analytics" />;
  const analytics = await loadClientAnalytics(getDb(), { actor: access.actor, filters: filtersFromSearch(await searchParams) });
  const owner = access.actor.personRole === "owner" && !access.actor.viewer;
  const quarters = recentQuarters(new Date(), 8);
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Remediation analytics</h1>
        <Link href="/client-portal?section=findings" className="text-sm text-accent underline">
          Back to Findings
        </Link>
      </div>
      {owner ? <BoardSummaryCard quarters={quarters} quarter={quarters[1]!} /> : null}
      <AnalyticsScreen analytics={analytics} action="/client-portal/analytics" exportBase="/api/client/findings/interchange" />
    </main>
  );
}
