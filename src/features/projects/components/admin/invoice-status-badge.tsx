import { StatusBadge } from "@/components/ui/status-badge";
import { INVOICE_STATUS_LABELS, INVOICE_STATUS_TONES, type InvoiceStatus } from "@/lib/domain/invoice-status";

/** An invoice's status in the admin's project dialogs: smaller than the portal's badge, with the same label. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge value={status} label={INVOICE_STATUS_LABELS[status]} tone={INVOICE_STATUS_TONES[status]} shape="tag" />;
}
