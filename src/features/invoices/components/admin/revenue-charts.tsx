import { MonthBarChart, type MonthChart } from "@/components/charts/month-bar-chart";
import { Card } from "@/components/ui/card";
import type { MonthPoint } from "@/features/invoices/server";

const INVOICED_VS_COLLECTED: MonthChart<"invoiced" | "collected"> = {
  title: "Invoiced vs Collected",
  description: "Billed per month and what has been paid, cancelled invoices aside.",
  series: ["invoiced", "collected"],
  emptyNoun: "invoices",
};

const MRR_PER_MONTH: MonthChart<"mrr"> = {
  title: "Monthly Recurring Revenue",
  description: "Active subscriptions at each month's end, at their tier's monthly price.",
  series: ["mrr"],
  emptyNoun: "subscriptions",
  legend: "current",
};

/**
 * The dashboard's two charts (docs/PRODUCT.md#revenue-charts), rendered on the server. `mrrNote`:
 * the share of this month's MRR that bills nothing yet, said under its chart.
 */
export function RevenueCharts({
  invoiced,
  mrr,
  mrrNote = null,
}: {
  invoiced: MonthPoint<"invoiced" | "collected">[];
  mrr: MonthPoint<"mrr">[];
  mrrNote?: string | null;
}) {
  return (
    <section aria-label="Revenue charts" className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card className="min-w-0">
        <MonthBarChart chart={INVOICED_VS_COLLECTED} points={invoiced} />
      </Card>
      <Card className="min-w-0">
        <MonthBarChart chart={MRR_PER_MONTH} points={mrr} />
        {mrrNote ? (
          <p className="mt-2 text-xs text-muted" data-testid="unbilled-mrr">
            This month: {mrrNote}.
          </p>
        ) : null}
      </Card>
    </section>
  );
}
