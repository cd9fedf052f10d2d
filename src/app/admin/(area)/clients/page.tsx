import { Receipt, Settings, SlidersHorizontal, Users } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { CreateClientButton } from "@/components/admin/create-client-dialog";
import { ListControls } from "@/components/admin/list-controls";
import { ClientSquareCustomersButton } from "@/components/admin/square/client-square-customers";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatCents } from "@/lib/format";
import { clientListQuerySchema } from "@/lib/validation/admin";
import { requireAdminPage } from "@/server/auth/session";
import { listAdminClients } from "@/server/data/admin-clients";
import { getDb } from "@/server/data/db";

export const metadata: Metadata = { title: "Clients" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminClientsPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const actor = await requireAdminPage();
  const query = clientListQuerySchema.parse(await searchParams);
  const { rows, total, page, pageSize } = await listAdminClients(getDb(), { actor, ...query });

  return (
    <>
      <PageHeader title="Clients" description="Every client with what they owe (pending and overdue invoices)." actions={<CreateClientButton />} />
      <ListControls searchLabel="Search clients" placeholder="Search by company, contact or email..." loadingLabel="Loading clients..." />
      {rows.length === 0 ? (
        page > 1 ? (
          <div className="space-y-3 text-center">
            <EmptyState title="No clients on this page" />
            <Link href="/admin/clients" className="text-accent underline">
              Back to the first page
            </Link>
          </div>
        ) : query.q ? (
          <EmptyState title="No clients found" hint="Try adjusting your search" icon={<Users className="h-8 w-8" aria-hidden />} />
        ) : (
          <EmptyState title="No clients yet" hint="Clients will appear here as they are added" icon={<Users className="h-8 w-8" aria-hidden />} />
        )
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-800">
          <table className="w-full min-w-[760px] text-left text-sm">
            <caption className="sr-only">Clients</caption>
            <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">Company</th>
                <th scope="col" className="px-4 py-3">Contact</th>
                <th scope="col" className="px-4 py-3">Email</th>
                <th scope="col" className="px-4 py-3 text-right">Balance</th>
                <th scope="col" className="px-4 py-3 text-right">Invoices</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {rows.map((client) => (
                <tr key={client.id} className="hover:bg-surface/60">
                  <th scope="row" className="px-4 py-3 font-medium">{client.company}</th>
                  <td className="px-4 py-3">{client.contactPerson}</td>
                  <td className="px-4 py-3 text-muted">{client.email}</td>
                  <td className={cn("px-4 py-3 text-right font-mono", client.balanceCents > 0 ? "font-semibold text-danger" : "text-muted")}>
                    {formatCents(client.balanceCents)}
                  </td>
                  <td className="px-4 py-3 text-right">{client.invoiceCount}</td>
                  <td className="px-4 py-3">
                    <span className={cn("rounded px-2 py-0.5 text-xs font-semibold", client.status === "active" ? "bg-emerald-500/15 text-emerald-300" : "bg-slate-500/20 text-slate-300")}>
                      {client.status.toUpperCase()}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-1">
                      <Link
                        href={`/admin/client-rates?${new URLSearchParams({ clientId: client.id, clientName: client.company })}`}
                        className={buttonClasses("ghost", "sm")}
                        aria-label={`Manage rates of ${client.company}`}
                        title="Manage rates"
                      >
                        <SlidersHorizontal className="h-4 w-4" aria-hidden />
                        <span className="hidden xl:inline">Rates</span>
                      </Link>
                      <ClientSquareCustomersButton clientId={client.id} company={client.company} />
                      {/* Invoices and settings are placeholders for now (docs/PRODUCT.md). */}
                      <button type="button" disabled className={buttonClasses("ghost", "sm")} aria-label={`Invoices of ${client.company} (coming soon)`} title="Invoices: coming soon">
                        <Receipt className="h-4 w-4" aria-hidden />
                      </button>
                      <button type="button" disabled className={buttonClasses("ghost", "sm")} aria-label={`Settings of ${client.company} (coming soon)`} title="Settings: coming soon">
                        <Settings className="h-4 w-4" aria-hidden />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination basePath="/admin/clients" params={{ q: query.q }} page={page} pageSize={pageSize} total={total} noun="clients" />
    </>
  );
}
