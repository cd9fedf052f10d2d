import "server-only";
import { FIRM_CLOSED_FINDING_STATUSES, type FindingSeverity, type FindingStatus } from "@/lib/domain/finding";

// One finding's history as the analytics read it (docs/PRODUCT.md#analytics): when it was opened,
// when the firm verified it fixed, when it took the status it has now, and when it came back after
// a fix. Every figure of the slice is computed from these, so the counting rules live here.

export type FindingHistory = {
  id: string;
  clientId: string;
  projectId: string;
  severity: FindingSeverity;
  status: FindingStatus;
  /** An AI finding: an OWASP LLM or ATLAS id, or a garak or promptfoo import. */
  ai: boolean;
  /** Opened: the day the client could first see it (publishing). */
  publishedAt: Date;
  /** The SLA's end: the publishing day plus the engagement's days for the severity (none for Informational). */
  dueOn: string | null;
  /** The firm's latest Verified Fixed, when the finding is Verified Fixed now. */
  verifiedFixedAt: Date | null;
  /** When it took its current status (the time a risk was accepted): read for risk accepted and won't fix, the statuses a figure times; otherwise its last change. */
  statusSince: Date;
  /** Each time it came back after a fix (Regressed, or reopened by an import): read for AI findings, the only ones a figure counts it for. */
  regressedAt: Date[];
};

const DAY_MS = 86_400_000;

/** Risk accepted or won't fix (agreed): closed by a decision, never remediated. */
export const ACCEPTED_STATUSES: readonly FindingStatus[] = ["risk_accepted", "wont_fix"];

/** Out of every figure: the firm said it was no finding (false positive, duplicate) or took it back (withdrawn). */
export const isCounted = (h: Pick<FindingHistory, "status">) =>
  !(FIRM_CLOSED_FINDING_STATUSES as readonly FindingStatus[]).includes(h.status);

/** Remediated: Verified Fixed by the firm. A client's "Fixed (Pending Retest)" is still open. */
export const isRemediated = (h: FindingHistory) => h.status === "verified_fixed" && h.verifiedFixedAt !== null;

export const isAccepted = (h: Pick<FindingHistory, "status">) => ACCEPTED_STATUSES.includes(h.status);

/**
 * Open at a moment: published by then, counted, not remediated by then and not accepted by then.
 * An SLA breach changes nothing: a breached finding stays open and counted.
 */
export function isOpenAt(h: FindingHistory, at: Date): boolean {
  if (!isCounted(h) || h.publishedAt > at) return false;
  if (isRemediated(h) && h.verifiedFixedAt! <= at) return false;
  if (isAccepted(h) && h.statusSince <= at) return false;
  return true;
}

/** Days from opening to the firm's Verified Fixed (fractional), or null when not remediated. */
export function daysToRemediate(h: FindingHistory): number | null {
  if (!isCounted(h) || !isRemediated(h)) return null;
  return Math.max(0, (h.verifiedFixedAt!.getTime() - h.publishedAt.getTime()) / DAY_MS);
}

/** The last moment of the due day (UTC): a fix that day meets the SLA. */
export const dueEnd = (dueOn: string) => new Date(`${dueOn}T23:59:59.999Z`);

export const ageInDays = (h: FindingHistory, now: Date) => Math.max(0, (now.getTime() - h.publishedAt.getTime()) / DAY_MS);

/** "2026-03": the UTC month of a moment. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The last `count` UTC months ending with the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(monthOf(d));
  }
  return months;
}

/**
 * Where a moment falls among `months` (consecutive, oldest first): its index, -1 before the first,
 * `months.length` after the last. Arithmetic on the UTC year and month, so a figure over 100,000
 * histories places each date once instead of formatting it for every month.
 */
export function monthIndexer(months: readonly string[]): (at: Date) => number {
  const [y, m] = months[0]!.split("-").map(Number) as [number, number];
  const first = y * 12 + m - 1;
  return (at) => {
    const index = at.getUTCFullYear() * 12 + at.getUTCMonth() - first;
    return index < 0 ? -1 : Math.min(index, months.length);
  };
}

/** The first moment after a month ("2026-03" → 2026-04-01T00:00Z). */
export function monthEnd(month: string): Date {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1));
}
