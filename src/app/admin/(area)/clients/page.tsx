import { Receipt, Settings, SlidersHorizontal, Users } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { ClientTwoFactorControls } from "@/features/clients/components/admin/client-two-factor-controls";
import { ViewPortalButton } from "@/features/clients/components/admin/view-portal-button";
import { CreateClientButton } from "@/features/clients/components/admin/create-client-button";
import { ExportLink } from "@/components/admin/export-link";
import { ListControls } from "@/components/admin/list-controls";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { ClientSquareCustomersButton } from "@/features/square/components/admin/client-square-customers";
import { clientInvoicesHref } from "@/features/clients/components/admin/client-links";
import { PageHeader } from "@/components/admin/page-header";
import { RowActionsMenu } from "@/components/admin/row-actions-menu";
import { Pagination } from "@/components/admin/pagination";
import { EmailText } from "@/components/ui/email-text";
import { EmptyState } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { cn } from "@/lib/cn";
import { CLIENT_SHOWN_STATUS_LABELS, CLIENT_SHOWN_STATUS_TONES } from "@/lib/domain/client-status";
import { formatCents } from "@/lib/format";
import { clientListQuerySchema } from "@/features/clients/validation";
import { getDb } from "@/server/core/get-db";
import { openAdminListPage, type PageSearchParams } from "@/features/identity/server";
import { type AdminClientRow, listAdminClients } from "@/features/clients/server";
import { clientInvoiceTotalsSql } from "@/features/invoices/server";

export const metadata: Metadata = { title: "Clients" };

const COLUMNS: Column<AdminClientRow>[] = [
  {
    header: "Company",
    cell: (client) => (
      <Link href={`/admin/clients/${client.id}`} className="font-medium break-words text-accent hover:underline">
        {client.company}
      </Link>
    ),
  },
  { header: "Contact", className: "break-words", cell: (client) => client.contactPerson },
  // An address has no spaces to wrap at, and a squeezed laptop table must still fit: it wraps after its "@".
  { header: "Email", cell: (client) => <EmailText email={client.email} />, className: "text-muted" },
  {
    header: "Balance",
    align: "right",
    cell: (client) => (
      <span className={cn("font-mono", client.balanceCents > 0 ? "font-semibold text-danger" : "text-muted")}>
        {formatCents(client.balanceCents)}
      </span>
    ),
  },
  { header: "Invoices", align: "right", cell: (client) => client.invoiceCount },
  {
    header: "Status",
    // The company's two-factor requirement sits under its status: the spec's seven columns fit 1280 px.
    cell: (client) => (
      <div className="space-y-1">
        <StatusBadge
          value={client.shownStatus}
          // In capitals, as the list's statuses are written (ACTIVE): docs/PRODUCT.md#admin-clients.
          label={CLIENT_SHOWN_STATUS_LABELS[client.shownStatus].toUpperCase()}
          tone={CLIENT_SHOWN_STATUS_TONES[client.shownStatus]}
          shape="square"
        />
        <ClientTwoFactorControls
          clientId={client.id}
          company={client.company}
          required={client.requireTwoFactor}
          enabled={client.twoFactorEnabled}
        />
      </div>
    ),
  },
  {
    header: "Actions",
    // The two actions that act here stay buttons; the pages a client has go under its row menu.
    cell: (client) => (
      <div className="flex items-center gap-1">
        <ViewPortalButton clientId={client.id} company={client.company} />
        <ClientSquareCustomersButton clientId={client.id} company={client.company} />
        <RowActionsMenu
          name={client.company}
          actions={[
            {
              label: "Manage rates",
              href: `/admin/client-rates?${new URLSearchParams({ clientId: client.id, clientName: client.company })}`,
              icon: <SlidersHorizontal className="h-4 w-4" aria-hidden />,
            },
            { label: "Invoices", href: clientInvoicesHref(client.id), icon: <Receipt className="h-4 w-4" aria-hidden /> },
            { label: "Settings", href: `/admin/clients/${client.id}`, icon: <Settings className="h-4 w-4" aria-hidden /> },
          ]}
        />
      </div>
    ),
  },
];

export default async function AdminClientsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const { actor, query } = await openAdminListPage(searchParams, clientListQuerySchema);
  const { rows, total, page, pageSize } = await listAdminClients(getDb(), { actor, ...query, totals: clientInvoiceTotalsSql });

  return (
    <>
      <PageHeader
        title="Clients"
        description="Every client with what they owe (pending and overdue invoices)."
        actions={
          <>
            <ExportLink path="/api/admin/exports/clients" filters={{ q: query.q }} label="Export CSV" name="clients" />
            <ExportLink path="/api/admin/exports/invoices" filters={{ q: query.q }} label="Export invoices" name="clients' invoices" />
            <CreateClientButton />
          </>
        }
      />
      <ListControls searchLabel="Search clients" placeholder="Search by company, contact or email..." loadingLabel="Loading clients..." />
      <ListTable
        caption="Clients"
        columns={COLUMNS}
        rows={rows}
        minWidthClass="md:min-w-[760px]"
        filtered={Boolean(query.q)}
        empty={EMPTY}
        emptyInstead={
          page > 1 ? (
            <div className="space-y-3 text-center">
              <EmptyState title="No clients on this page" />
              <Link href="/admin/clients" className="text-accent underline">
                Back to the first page
              </Link>
            </div>
          ) : undefined
        }
      />
      <Pagination basePath="/admin/clients" params={{ q: query.q }} page={page} pageSize={pageSize} total={total} noun="clients" />
    </>
  );
}

/** What the list says when it has no rows. */
const EMPTY: ListEmptyTexts = {
  icon: Users,
  whenFiltered: { title: "No clients found", hint: "Try adjusting your search" },
  whenNone: { title: "No clients yet", hint: "Clients will appear here as they are added" },
};
