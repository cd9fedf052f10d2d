"use client";

import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/spinner";
import type { ProjectRowView } from "./types";
import type { ProjectInvoices } from "./use-project-invoices";

/**
 * The frame both invoice dialogs share: title, project line, load error or spinner, the body once
 * the invoices are there, and a footer with Close (after `status`, before the dialog's `actions`).
 */
export function InvoicesDialogFrame({
  title,
  project,
  onClose,
  invoices: { data, error },
  children,
  status,
  actions,
}: {
  title: string;
  project: ProjectRowView;
  onClose: () => void;
  invoices: { data: ProjectInvoices | null; error: string | null };
  children: (data: ProjectInvoices) => ReactNode;
  status?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={title}
      description={`${project.projectName} · ${project.company}`}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!data && !error ? <Loading label="Loading invoices..." /> : null}
      {data ? children(data) : null}
      <div className={status ? "mt-6 flex flex-wrap items-center justify-between gap-3" : "mt-6 flex justify-end"}>
        {status}
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {actions}
        </div>
      </div>
    </Dialog>
  );
}
