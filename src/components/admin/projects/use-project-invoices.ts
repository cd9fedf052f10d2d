"use client";

import { useCallback, useEffect, useState } from "react";
import { getProjectInvoicesAction } from "@/app/admin/(area)/projects/actions";

type Result = Awaited<ReturnType<typeof getProjectInvoicesAction>>;
export type ProjectInvoices = Extract<Result, { ok: true }>["data"];
export type InvoiceView = ProjectInvoices["linked"][number];

/** Loads a project's linked and linkable invoices; reload() after a change. */
export function useProjectInvoices(projectId: string) {
  const [data, setData] = useState<ProjectInvoices | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const result = await getProjectInvoicesAction({ projectId });
      if (result.ok) {
        setData(result.data);
        setError(null);
      } else {
        setError(result.error);
      }
    } catch {
      setError("Failed to load invoices");
    }
  }, [projectId]);

  useEffect(() => {
    // Fetching on open: the state updates happen after the request resolves.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  return { data, error, reload };
}
