import type { AccessLogEntry } from "@/features/audit/server";
import type { FindingSeverity } from "@/lib/domain/finding";
import type { ProjectStatus } from "@/lib/domain/project-status";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";

// What the cards show of each slice's read, written out here: the client page (src/app) reads them
// from their slices and hands them over, so the clients slice imports none of the slices above it.
type FindingsSummary = { openBySeverity: Record<FindingSeverity, number>; open: number; overdue: number; retestsWaiting: number };
type ReportSummary = { id: string; title: string; version: number; projectName: string; publishedAt: string };
type ThreadSummary = { id: string; subject: string; lastMessageAt: string; unread: boolean };
type BillingSummary = { balanceDueCents: number; pendingCount: number; overdueCount: number; invoiceCount: number };

/** What the client page reads of the company's records (each module's read, scoped by the client id). */
export type ClientRecords = {
  projects: { id: string; projectName: string; status: ProjectStatus; startDate: string; targetCompletionDate: string | null }[];
  /** The summary, and the projects that have findings (each links to its engagement). */
  findings: { summary: FindingsSummary; engagementProjectIds: string[] };
  reports: ReportSummary[];
  documents: { id: string; name: string; uploadedAt: Date | string }[];
  threads: ThreadSummary[];
  billing: BillingSummary;
  subscriptions: { id: string; tierName: string; monthlyPriceCents: number; status: SubscriptionStatus }[];
  rates: { id: string; serviceType: string; hourlyRateCents: number | null; monthlyRetainerCents: number | null }[];
  access: AccessLogEntry[];
};
