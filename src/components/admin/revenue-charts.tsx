import { MonthBarChart } from "@/components/charts/month-bar-chart";
import { Card } from "@/components/ui/card";
import type { MonthPoint } from "@/server/data/revenue-charts";

/** The dashboard's two charts (docs/PRODUCT.md#revenue-charts), rendered on the server. */
export function RevenueCharts({ invoiced, mrr }: { invoiced: MonthPoint<"invoiced" | "collected">[]; mrr: MonthPoint<"mrr">[] }) {
  return (
    <section aria-label="Revenue charts" className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card className="min-w-0">
        <MonthBarChart
          id="invoiced-vs-collected"
          title="Invoiced vs Collected"
          description="Billed per month and what has been paid, cancelled invoices aside."
          series={[
            { key: "invoiced", label: "Invoiced", colour: "cyan" },
            { key: "collected", label: "Collected", colour: "emerald" },
          ]}
          points={invoiced}
          emptyNoun="invoices"
        />
      </Card>
      <Card className="min-w-0">
        <MonthBarChart
          id="mrr-per-month"
          title="Monthly Recurring Revenue"
          description="Active subscriptions at each month's end, at their tier's monthly price."
          series={[{ key: "mrr", label: "MRR", colour: "violet" }]}
          points={mrr}
          emptyNoun="subscriptions"
        />
      </Card>
    </section>
  );
}
