"use client";

import { Unlink } from "lucide-react";
import { linkInvoicesAction, unlinkInvoiceAction } from "@/features/projects/actions/admin";
import { Button } from "@/components/ui/button";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import { useIdSet } from "@/components/ui/use-id-set";
import { formatCents } from "@/lib/format";
import { InvoicesDialogFrame } from "./invoices-dialog-frame";
import { InvoiceLine, LinkedInvoiceList } from "./linked-invoice-list";
import type { ProjectRowView, ShowToast } from "./types";
import { useProjectInvoices } from "./use-project-invoices";

/** Manage Invoices: unlink what is linked; pick the client's unlinked invoices and link them in one call. */
export function ManageInvoicesDialog({
  project,
  onClose,
  showToast,
}: {
  project: ProjectRowView;
  onClose: () => void;
  showToast: ShowToast;
}) {
  const invoices = useProjectInvoices(project.id);
  const { ids: selected, toggle, clear: clearSelection } = useIdSet();
  const { isBusy, running, run } = useChange((message, tone) => showToast(message, tone === "error" ? 5000 : 2000, tone));

  /** A change, then the dialog's lists read again: both land before the busy state ends. */
  const withReload = async <T,>(change: Promise<ChangeResult<T>>): Promise<ChangeResult<T>> => {
    const result = await change;
    if (result.success) await invoices.reload();
    return result;
  };

  const link = () => {
    if (selected.size === 0) return;
    const invoiceIds = [...selected];
    run("link", () => withReload(linkInvoicesAction({ projectId: project.id, invoiceIds })), {
      done: (data) => {
        clearSelection();
        return `✓ Linked ${data.linkedCount} invoices`;
      },
    });
  };

  const unlink = (invoice: { id: string; invoiceNumber: string }) =>
    run(invoice.id, () => withReload(unlinkInvoiceAction({ invoiceId: invoice.id })), { done: () => `${invoice.invoiceNumber} unlinked` });

  return (
    <InvoicesDialogFrame
      title="Manage Invoices"
      project={project}
      onClose={onClose}
      invoices={invoices}
      status={
        <p className="text-sm text-muted" aria-live="polite">
          {selected.size} invoice(s) selected
        </p>
      }
      actions={
        <Button onClick={link} disabled={selected.size === 0 || isBusy}>
          {running === "link" ? "Linking..." : "Link Selected"}
        </Button>
      }
    >
      {(data) => (
        <div className="space-y-6">
          <section aria-labelledby="linked-heading">
            <h3 id="linked-heading" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
              Linked invoices ({data.linked.length})
            </h3>
            <LinkedInvoiceList
              invoices={data.linked}
              end={(invoice) => (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => unlink(invoice)}
                  disabled={isBusy}
                  aria-busy={running === invoice.id}
                  aria-label={`Unlink ${invoice.invoiceNumber}`}
                >
                  <Unlink className="h-4 w-4" aria-hidden />
                  Unlink
                </Button>
              )}
            />
          </section>
          <section aria-labelledby="unlinked-heading">
            <h3 id="unlinked-heading" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
              Unlinked invoices of {data.project.company} ({data.unlinked.length})
            </h3>
            {data.unlinked.length === 0 ? (
              <p className="text-sm text-muted">No unlinked invoices for this client.</p>
            ) : (
              <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800">
                {data.unlinked.map((invoice) => (
                  <li key={invoice.id}>
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-surface-2">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-cyan-500"
                        checked={selected.has(invoice.id)}
                        onChange={() => toggle(invoice.id)}
                        aria-label={`Select ${invoice.invoiceNumber}`}
                      />
                      <InvoiceLine invoice={invoice} />
                      <span className="font-mono text-sm">{formatCents(invoice.amountCents)}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </InvoicesDialogFrame>
  );
}
