import { MonthBarChart, type MonthChart } from "@/components/charts/month-bar-chart";
import type { MonthPoint } from "@/features/invoices/server";

const PAID_VS_OUTSTANDING: MonthChart<"paid" | "outstanding"> = {
  title: "Paid vs Outstanding",
  description: "Your invoices by the month they were billed: what you have paid and what is still due.",
  series: ["paid", "outstanding"],
  emptyNoun: "invoices",
};

/**
 * Billing's paid vs outstanding chart (docs/PRODUCT.md#portal-billing). A server component: the
 * portal page renders it and hands it to the client-side sections as a finished element, so the
 * chart adds no JavaScript.
 */
export function BillingChart({ points }: { points: MonthPoint<"paid" | "outstanding">[] }) {
  return <MonthBarChart chart={PAID_VS_OUTSTANDING} points={points} />;
}

/** The chart once its query has settled; a failure hides the chart and leaves Billing working. */
export async function LoadedBillingChart({ points }: { points: Promise<MonthPoint<"paid" | "outstanding">[]> }) {
  let loaded;
  try {
    loaded = await points;
  } catch (error) {
    console.error("[portal] loading the billing chart failed:", error);
    return <p className="text-sm text-muted">The chart could not be loaded. Please reload the page.</p>;
  }
  return <BillingChart points={loaded} />;
}
