"use client";

import { AlertTriangle, Clock, Download, Receipt, Wallet } from "lucide-react";
import { type ReactNode, useState } from "react";
import { loadMoreInvoices } from "@/features/invoices/actions/portal";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/spinner";
import { useChange } from "@/components/ui/use-change";
import { formatCents } from "@/lib/format";
import type { BillingSummary, PayableInvoice, PortalInvoice } from "@/features/invoices/server";
import { InvoiceTable } from "./invoice-table";
import { PayNow } from "./pay-now";
import { StatementDownload } from "../statement-download";
import { SectionHeading } from "@/components/portal/section-heading";

/** One of the three figures above the invoices: its label and icon, then the figure. */
function BillingFigure({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <p className="text-sm text-muted">{label}</p>
        {icon}
      </div>
      {children}
    </Card>
  );
}

export function BillingSection({
  billing,
  invoices,
  payable,
  chart,
  readOnly = false,
}: {
  billing: BillingSummary;
  invoices: PortalInvoice[];
  /** The open invoices with a Square payment page: Pay Now's choices. */
  payable: PayableInvoice[];
  chart?: ReactNode;
  /** An admin viewing the portal: the figures and invoices show, no Pay link (the admin pays nothing for the client). */
  readOnly?: boolean;
}) {
  const [more, setMore] = useState<PortalInvoice[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { isBusy, run } = useChange<"more">((message) => setError(message));
  const loading = isBusy;
  const shown = more.length > 0 ? [...invoices, ...more.filter((m) => !invoices.some((i) => i.id === m.id))] : invoices;

  // The next page joins the list; nothing else on the page changes.
  const showMore = () => {
    setError(null);
    run("more", () => loadMoreInvoices({ offset: shown.length }), {
      done: (page) => setMore((current) => [...current, ...page]),
      refresh: false,
    });
  };

  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading
        title="Billing & Invoices"
        aside={
          <p className="text-sm text-muted">
            Total due: <span className="text-lg font-bold text-foreground">{formatCents(billing.balanceDueCents)}</span>
          </p>
        }
      />

      <div className="grid gap-4 md:grid-cols-3">
        <BillingFigure label="Total Balance Due" icon={<Wallet className="h-6 w-6 text-accent" aria-hidden />}>
          <p className="text-2xl font-bold">{formatCents(billing.balanceDueCents)}</p>
          {billing.balanceDueCents > 0 && !readOnly ? <PayNow payable={payable} /> : null}
        </BillingFigure>
        <BillingFigure label="Pending Invoices" icon={<Clock className="h-6 w-6 text-amber-300" aria-hidden />}>
          <p className="text-2xl font-bold">{billing.pendingCount}</p>
        </BillingFigure>
        <BillingFigure label="Overdue Invoices" icon={<AlertTriangle className="h-6 w-6 text-red-300" aria-hidden />}>
          <p className={billing.overdueCount > 0 ? "text-2xl font-bold text-red-300" : "text-2xl font-bold"}>{billing.overdueCount}</p>
        </BillingFigure>
      </div>

      {chart ? <Card className="mt-8 min-w-0">{chart}</Card> : null}

      <div id="recent-invoices" className="mt-8 scroll-mt-24">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Recent Invoices</h2>
          {billing.invoiceCount > 0 ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-muted">
                Showing {shown.length} of {billing.invoiceCount} invoices
              </p>
              {/* A plain link: the browser downloads the streamed file itself (docs/PRODUCT.md#csv-exports). */}
              <a href="/api/client/invoices/export" download className={buttonClasses("secondary", "sm")}>
                <Download className="h-4 w-4" aria-hidden />
                Export CSV
              </a>
            </div>
          ) : null}
        </div>
        {shown.length === 0 ? (
          <EmptyState title="No invoices yet" icon={<Receipt className="h-10 w-10" aria-hidden />} />
        ) : (
          <div className="md:rounded-xl md:border md:border-slate-800 md:bg-surface/80 md:p-2">
            <InvoiceTable invoices={shown} payable={!readOnly} />
          </div>
        )}
        {error ? (
          <Alert tone="error" className="mt-3">
            {error}
          </Alert>
        ) : null}
        {shown.length < billing.invoiceCount ? (
          <div className="mt-4 flex justify-center">
            <Button variant="secondary" onClick={showMore} disabled={loading}>
              {loading ? "Loading invoices..." : "Show more invoices"}
            </Button>
          </div>
        ) : null}
      </div>

      <StatementDownload href="/api/client/statement" className="mt-8" />
    </section>
  );
}
