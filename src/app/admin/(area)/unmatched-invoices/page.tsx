import { AlertTriangle, EyeOff, Inbox } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { ConflictActions, IgnoredCustomerActions, UnmatchedCustomerActions } from "@/components/admin/square/unmatched-actions";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/spinner";
import { formatCents } from "@/lib/format";
import { requireAdminPage } from "@/server/auth/session";
import { listActiveClientOptions } from "@/server/data/admin-clients";
import { listCustomerConflicts, listIgnoredCustomers, listUnmatchedCustomers } from "@/server/data/admin-square-customers";
import { getDb } from "@/server/db/client";

export const metadata: Metadata = { title: "Unmatched invoices" };

/** Square invoices whose customer is linked to no client: they show in no portal until assigned here. */
export default async function UnmatchedInvoicesPage() {
  await connection();
  const actor = await requireAdminPage();
  const db = getDb();
  const [unmatched, conflicts, ignored, clientOptions] = await Promise.all([
    listUnmatchedCustomers(db, { actor }),
    listCustomerConflicts(db, { actor }),
    listIgnoredCustomers(db, { actor }),
    listActiveClientOptions(db, { actor }),
  ]);

  return (
    <>
      <PageHeader
        title="Unmatched invoices"
        description="Square invoices whose customer is linked to no client. Assign the customer to a client: these invoices and its later ones go to that client's portal."
        actions={
          <Link href="/admin/dashboard" className="text-sm text-accent underline">
            Back to the dashboard
          </Link>
        }
      />
      <section aria-labelledby="unmatched-heading" className="space-y-4">
        <h2 id="unmatched-heading" className="sr-only">Customers waiting for a client</h2>
        {unmatched.length === 0 ? (
          <EmptyState title="No unmatched invoices" hint="Every synced invoice belongs to a client." icon={<Inbox className="h-8 w-8" aria-hidden />} />
        ) : (
          unmatched.map((customer) => (
            <Card key={customer.squareCustomerId} className="space-y-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold break-words">{customer.name ?? "Unnamed customer"}</h3>
                  <p className="text-sm text-muted break-all">{customer.email ?? "No e-mail at Square"}</p>
                  <p className="font-mono text-xs text-muted break-all">{customer.squareCustomerId}</p>
                </div>
                <p className="text-sm">
                  {customer.invoiceCount} invoice{customer.invoiceCount === 1 ? "" : "s"} · <span className="font-mono">{formatCents(customer.totalCents)}</span>
                </p>
              </div>
              <p className="text-xs text-muted break-words">{customer.invoiceNumbers.join(", ")}{customer.invoiceCount > customer.invoiceNumbers.length ? ", …" : ""}</p>
              {customer.conflict ? <p className="text-sm text-amber-300">{customer.conflict}</p> : null}
              <UnmatchedCustomerActions squareCustomerId={customer.squareCustomerId} label={customer.name ?? customer.squareCustomerId} clients={clientOptions} />
            </Card>
          ))
        )}
      </section>

      {conflicts.length > 0 ? (
        <section aria-labelledby="conflicts-heading" className="mt-8 space-y-3">
          <h2 id="conflicts-heading" className="flex items-center gap-2 text-lg font-semibold">
            <AlertTriangle className="h-5 w-5 text-amber-300" aria-hidden />
            Conflicts
          </h2>
          <p className="text-sm text-muted">The sync found evidence against these links. Nothing was changed; review each one.</p>
          {conflicts.map((c) => (
            <Card key={c.squareCustomerId} className="space-y-2">
              <p className="font-semibold break-words">
                {c.name ?? c.squareCustomerId} <span className="font-normal text-muted">→ {c.company}</span>
              </p>
              <p className="text-sm text-muted break-all">{c.email ?? "No e-mail at Square"}</p>
              <p className="text-sm text-amber-300">{c.conflict}</p>
              <ConflictActions squareCustomerId={c.squareCustomerId} label={c.name ?? c.squareCustomerId} company={c.company} />
            </Card>
          ))}
        </section>
      ) : null}

      {ignored.length > 0 ? (
        <section aria-labelledby="ignored-heading" className="mt-8 space-y-3">
          <h2 id="ignored-heading" className="flex items-center gap-2 text-lg font-semibold">
            <EyeOff className="h-5 w-5 text-muted" aria-hidden />
            Ignored customers
          </h2>
          <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
            {ignored.map((c) => (
              <li key={c.squareCustomerId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="min-w-0 break-words">
                  {c.name ?? c.squareCustomerId} <span className="text-muted">({c.email ?? "no e-mail"}, {c.invoiceCount} invoice{c.invoiceCount === 1 ? "" : "s"})</span>
                </span>
                <IgnoredCustomerActions squareCustomerId={c.squareCustomerId} label={c.name ?? c.squareCustomerId} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
