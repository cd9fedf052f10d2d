// Payment schedule rules (docs/PRODUCT.md#portal-payment-schedule): a schedule entry's state and label, amounts in cents.
import { percentOf } from "./format";

export type ScheduleEntryView = {
  requestType: string;
  percentageRequested: string | null;
  dueDate: string | null;
  computedAmountCents: number;
  totalCompletedAmountCents: number;
};

export type ScheduleState = "paid" | "partial" | "pending";

export function scheduleEntryState(entry: ScheduleEntryView): ScheduleState {
  if (entry.totalCompletedAmountCents >= entry.computedAmountCents) return "paid";
  if (entry.totalCompletedAmountCents > 0) return "partial";
  return "pending";
}

/** "Deposit (40%)", "Balance" or "Installment N" (N counts installments only, from 1). */
export function scheduleEntryLabels(entries: ScheduleEntryView[]): string[] {
  let installment = 0;
  return entries.map((entry) => {
    const type = entry.requestType.toUpperCase();
    if (type === "DEPOSIT") return entry.percentageRequested ? `Deposit (${entry.percentageRequested}%)` : "Deposit";
    if (type === "BALANCE") return "Balance";
    installment += 1;
    return `Installment ${installment}`;
  });
}

export function scheduleProgress(entries: ScheduleEntryView[]): { paidCents: number; totalCents: number; percent: number } {
  let paidCents = 0;
  let totalCents = 0;
  for (const entry of entries) {
    totalCents += entry.computedAmountCents;
    paidCents += Math.min(entry.totalCompletedAmountCents, entry.computedAmountCents);
  }
  return { paidCents, totalCents, percent: percentOf(paidCents, totalCents) };
}

/** The first entry not fully paid, with what remains of it. */
export function nextScheduledPayment(entries: ScheduleEntryView[]): { dueDate: string | null; remainingCents: number } | null {
  const next = entries.find((entry) => scheduleEntryState(entry) !== "paid");
  if (!next) return null;
  return { dueDate: next.dueDate, remainingCents: next.computedAmountCents - next.totalCompletedAmountCents };
}
