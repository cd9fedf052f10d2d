"use client";

import { getProjectInvoicesAction } from "@/app/admin/(area)/projects/actions";
import { useActionData } from "@/components/ui/use-action-data";

type Result = Awaited<ReturnType<typeof getProjectInvoicesAction>>;
export type ProjectInvoices = Extract<Result, { ok: true }>["data"];
export type InvoiceView = ProjectInvoices["linked"][number];

/** Loads a project's linked and linkable invoices; reload() after a change. */
export function useProjectInvoices(projectId: string) {
  return useActionData(projectId, () => getProjectInvoicesAction({ projectId }), "Failed to load invoices");
}
