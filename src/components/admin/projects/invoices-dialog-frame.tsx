"use client";

import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/spinner";
import type { ProjectRowView } from "./types";
import type { ProjectInvoices } from "./use-project-invoices";

/** The frame both invoice dialogs share: title, project line, load error or spinner, then the body. */
export function InvoicesDialogFrame({
  title,
  project,
  onClose,
  data,
  error,
  children,
  footer,
}: {
  title: string;
  project: ProjectRowView;
  onClose: () => void;
  data: ProjectInvoices | null;
  error: string | null;
  children: (data: ProjectInvoices) => ReactNode;
  footer: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={title} description={`${project.projectName} · ${project.company}`}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!data && !error ? <Loading label="Loading invoices..." /> : null}
      {data ? children(data) : null}
      {footer}
    </Dialog>
  );
}
