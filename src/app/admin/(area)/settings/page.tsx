import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { SupportPlansCard } from "@/components/admin/settings/support-plans-card";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/server/modules/account";
import { listAdminPlans } from "@/server/modules/subscriptions";

export const metadata: Metadata = { title: "Settings" };

export default async function AdminSettingsPage() {
  await connection();
  const actor = await requireAdminPage();
  const plans = await listAdminPlans(getDb(), { actor });
  return (
    <>
      <PageHeader title="Settings" description="What the firm offers and how the product runs for every client." />
      <div className="space-y-6">
        <SupportPlansCard plans={plans} />
      </div>
    </>
  );
}
