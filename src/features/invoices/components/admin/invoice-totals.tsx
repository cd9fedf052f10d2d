import { Card } from "@/components/ui/card";
import { formatCents } from "@/lib/format";
import type { AdminInvoiceTotals } from "@/features/invoices/server";

/** What every invoice of the filter adds up to (docs/PRODUCT.md#admin-invoices): exact cents, every page alike. */
export function InvoiceTotals({ totals }: { totals: AdminInvoiceTotals }) {
  const figures = [
    { label: "Billed", cents: totals.billedCents, test: "billed" },
    { label: "Paid", cents: totals.paidCents, test: "paid" },
    { label: "Outstanding", cents: totals.outstandingCents, test: "outstanding" },
  ];
  return (
    <dl aria-label="Totals of the filter" className="mb-4 grid gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <Card key={figure.label} padding="snug">
          <dt className="text-xs uppercase tracking-wide text-muted">{figure.label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums" data-total={figure.test}>
            {formatCents(figure.cents)}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
