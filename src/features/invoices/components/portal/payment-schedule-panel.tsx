import { CreditCard } from "lucide-react";
import { StatusBadge } from "@/components/ui/status-badge";
import type { Tone } from "@/lib/domain/tone";
import { formatCents, formatDate } from "@/lib/format";
import { nextScheduledPayment, scheduleEntryLabels, scheduleEntryState, scheduleProgress, type ScheduleEntryView } from "@/lib/schedule";
import type { PortalInvoice } from "@/features/invoices/server";
import { ProgressBar } from "@/components/portal/progress-bar";

const STATE_LABEL = { paid: "Paid", partial: "Partial", pending: "Pending" } as const;
const STATE_TONE: Record<keyof typeof STATE_LABEL, Tone> = { paid: "emerald", partial: "amber", pending: "amber" };

/** The payment schedule of an invoice with several payment requests (docs/PRODUCT.md#portal-payment-schedule). */
export function PaymentSchedulePanel({
  invoice,
  id,
}: {
  invoice: Pick<PortalInvoice, "invoiceNumber" | "paymentSchedule" | "acceptedPaymentMethods">;
  id: string;
}) {
  const entries: ScheduleEntryView[] = invoice.paymentSchedule;
  const labels = scheduleEntryLabels(entries);
  const progress = scheduleProgress(entries);
  const next = nextScheduledPayment(entries);
  const methods = [
    invoice.acceptedPaymentMethods.card && "Card",
    invoice.acceptedPaymentMethods.bankAccount && "Bank",
    invoice.acceptedPaymentMethods.cashAppPay && "Cash App",
  ].filter((method): method is string => Boolean(method));

  return (
    <div
      id={id}
      role="region"
      aria-label={`Payment Schedule for ${invoice.invoiceNumber}`}
      className="rounded-lg border border-slate-700 bg-slate-900/60 p-4 text-left"
    >
      <h3 className="font-semibold">Payment Schedule</h3>
      <div className="mt-3">
        <div className="mb-1 flex justify-between text-xs text-muted">
          <span>
            {formatCents(progress.paidCents)} of {formatCents(progress.totalCents)} paid
          </span>
          <span>{progress.percent}%</span>
        </div>
        <ProgressBar percent={progress.percent} label={`${invoice.invoiceNumber} schedule progress`} />
      </div>
      <ol className="mt-4 divide-y divide-slate-800">
        {entries.map((entry, index) => {
          const state = scheduleEntryState(entry);
          return (
            <li key={index} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div>
                <p className="font-medium">{labels[index]}</p>
                <p className="text-xs text-muted">Due {formatDate(entry.dueDate)}</p>
              </div>
              <div className="flex items-center gap-3">
                <span className="font-medium">{formatCents(entry.computedAmountCents)}</span>
                <StatusBadge
                  value={state}
                  tone={STATE_TONE[state]}
                  label={state === "partial" ? `Partial (${formatCents(entry.totalCompletedAmountCents)} paid)` : STATE_LABEL[state]}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="rounded-md border border-cyan-500/30 bg-cyan-500/5 p-3">
          <p className="text-xs uppercase tracking-wide text-muted">Next Payment</p>
          {next ? (
            <p className="mt-1 font-semibold">
              {formatCents(next.remainingCents)} <span className="font-normal text-muted">due {formatDate(next.dueDate)}</span>
            </p>
          ) : (
            <p className="mt-1 font-semibold text-emerald-300">All payments completed</p>
          )}
        </div>
        <div className="rounded-md border border-slate-700 p-3">
          <p className="text-xs uppercase tracking-wide text-muted">Accepted methods</p>
          <p className="mt-1 flex items-center gap-2 font-medium">
            <CreditCard className="h-4 w-4 text-accent" aria-hidden />
            {methods.length > 0 ? methods.join(", ") : "See the payment page"}
          </p>
        </div>
      </div>
    </div>
  );
}
