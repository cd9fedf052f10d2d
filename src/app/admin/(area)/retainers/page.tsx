import { Timer } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { after, connection } from "next/server";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";
import { PageHeader } from "@/components/admin/page-header";
import { formatHours } from "@/lib/retainer-period";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { type AdminRetainerRow, listRetainersForAdmin } from "@/features/retainers/server";
import { recordFirmAccess } from "@/features/audit/server";

export const metadata: Metadata = { title: "Retainers" };

type Row = AdminRetainerRow & { id: string };

const COLUMNS: Column<Row>[] = [
  {
    header: "Client",
    cell: (r) => (
      <Link href={`/admin/clients/${r.clientId}`} className="text-accent underline">
        {r.company}
      </Link>
    ),
  },
  { header: "Retainer", cell: (r) => r.name },
  { header: "Used", align: "right", className: "font-mono", cell: (r) => formatHours(r.usedMinutes) },
  { header: "Budget", align: "right", className: "font-mono", cell: (r) => formatHours(r.budgetMinutes) },
  { header: "Overage", align: "right", className: "font-mono", cell: (r) => formatHours(r.overageMinutes) },
  { header: "Of Budget", align: "right", className: "font-mono", cell: (r) => `${r.percent}%` },
  { header: "Waiting Requests", align: "right", cell: (r) => r.pendingRequests },
];

/** Every client's retainer this month, the most used first (docs/PRODUCT.md#admin-retainers). */
export default async function AdminRetainersPage() {
  await connection();
  const actor = await requireAdminPage();
  const rows = await listRetainersForAdmin(getDb(), { actor });
  // Each company's retainer shown to the firm: a look in its access log (docs/PRODUCT.md#portal-access-log),
  // written once the page has gone out, so the read waits for no write.
  after(() =>
    recordFirmAccess(getDb(), { actor, action: "retainers.view", clientIds: rows.map((r) => r.clientId), entityType: "retainer" }),
  );
  return (
    <>
      <PageHeader title="Retainers" description="Hours used this month against each client's budget, over budget first." />
      <ListTable caption="Retainers" columns={COLUMNS} rows={rows.map((r) => ({ ...r, id: r.clientId }))} filtered={false} empty={EMPTY} />
    </>
  );
}

const EMPTY: ListEmptyTexts = {
  icon: Timer,
  whenFiltered: { title: "No retainers found" },
  whenNone: { title: "No retainers yet", hint: "Set one on a client's page." },
};
