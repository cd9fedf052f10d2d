"use client";

import { ArrowLeft } from "lucide-react";
import type { InvoiceDetail } from "@/features/invoices/server";
import { sectionHref } from "@/components/portal/portal-sections-config";
import { SectionHeading } from "@/components/portal/section-heading";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";
import { InvoiceDetails } from "../invoice-details";

/** An invoice opened from Billing (`?section=billing&invoice=<id>`, docs/PRODUCT.md#invoice-page). */
export function PortalInvoiceView({ invoice, readOnly }: { invoice: InvoiceDetail; readOnly: boolean }) {
  const { linkHandler } = usePortalNavigation();
  return (
    <section aria-labelledby="portal-section-heading">
      <a
        href={sectionHref("billing")}
        onClick={linkHandler("billing")}
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> All invoices
      </a>
      <SectionHeading title={`Invoice ${invoice.invoiceNumber}`} description={invoice.description ?? undefined} />
      <InvoiceDetails invoice={invoice} pdfHref={`/api/client/invoices/${invoice.id}/pdf`} payable={!readOnly} />
    </section>
  );
}
