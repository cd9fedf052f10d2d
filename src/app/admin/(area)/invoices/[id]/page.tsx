import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { InvoiceDetails } from "@/features/invoices/components/invoice-details";
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { getAdminInvoice } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";

export const metadata: Metadata = { title: "Invoice" };

/** One invoice for the firm (docs/PRODUCT.md#invoice-page): the client's page, without the pay link. */
export default async function AdminInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const actor = await requireAdminPage();
  const { id } = await params;
  if (!uuidSchema.safeParse(id).success) notFound();
  const invoice = await getAdminInvoice(getDb(), { actor, invoiceId: id, projectName: projectNameSql });
  if (!invoice) notFound();
  return (
    <>
      <Link
        href={invoice.clientId ? `/admin/invoices?client=${invoice.clientId}` : "/admin/invoices"}
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> {invoice.company ? `${invoice.company}'s invoices` : "Invoices"}
      </Link>
      <PageHeader title={`Invoice ${invoice.invoiceNumber}`} description={invoice.description ?? undefined} />
      <InvoiceDetails invoice={invoice} pdfHref={`/api/admin/invoices/${invoice.id}/pdf`} payable={false} />
    </>
  );
}
