"use client";

import { getProjectInvoicesAction } from "@/features/projects/actions/admin";
import { useReadOnShow } from "@/components/ui/use-read-on-show";

type Result = Awaited<ReturnType<typeof getProjectInvoicesAction>>;
export type ProjectInvoices = Extract<Result, { success: true }>["data"];
export type InvoiceView = ProjectInvoices["linked"][number];

/** Loads a project's linked and linkable invoices; reload() after a change. */
export function useProjectInvoices(projectId: string) {
  return useReadOnShow(projectId, () => getProjectInvoicesAction({ projectId }), "Failed to load invoices");
}
