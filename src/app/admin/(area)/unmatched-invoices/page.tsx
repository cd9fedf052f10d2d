import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { UnmatchedScreen } from "@/features/square/components/admin/unmatched-screen";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { listActiveClientOptions } from "@/features/clients/server";
import { listCustomerConflicts, listIgnoredCustomers, listUnmatchedCustomers } from "@/features/square/server";

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
      <UnmatchedScreen unmatched={unmatched} conflicts={conflicts} ignored={ignored} clients={clientOptions} />
    </>
  );
}
