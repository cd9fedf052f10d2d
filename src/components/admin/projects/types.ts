import type { ProjectStatusValue } from "@/lib/validation/admin";

/** A projects-list row as sent to the browser (dates as strings). */
export type ProjectRowView = {
  id: string;
  clientId: string;
  company: string;
  projectName: string;
  description: string | null;
  notes: string | null;
  status: ProjectStatusValue;
  startDate: string;
  targetCompletionDate: string | null;
  invoiceCount: number;
  totalBilledCents: number;
  totalPaidCents: number;
  outstandingCents: number;
};

export type ShowToast = (message: string, durationMs: number, tone?: "success" | "error") => void;
