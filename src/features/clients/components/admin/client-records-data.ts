import type { AccessLogEntry } from "@/features/audit/server";
import type { FindingsSummary } from "@/features/findings/server";
import type { BillingSummary } from "@/features/invoices/server";
import type { ThreadSummary } from "@/features/messages/server";
import type { ProjectStatus } from "@/lib/domain/project-status";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";
import type { ReportSummary } from "@/features/reports/server";

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
