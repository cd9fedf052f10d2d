import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { DefaultRatesCard } from "@/components/admin/settings/default-rates-card";
import { MailCard } from "@/components/admin/settings/mail-card";
import { SecurityPolicyCard } from "@/components/admin/settings/security-policy-card";
import { SupportPlansCard } from "@/components/admin/settings/support-plans-card";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/server/modules/account";
import { getMailStatus } from "@/server/modules/operations";
import { getAdminSettings } from "@/server/modules/settings";
import { listAdminPlans } from "@/server/modules/subscriptions";

export const metadata: Metadata = { title: "Settings" };

export default async function AdminSettingsPage() {
  await connection();
  const actor = await requireAdminPage();
  const db = getDb();
  const [plans, settings, mail] = await Promise.all([
    listAdminPlans(db, { actor }),
    getAdminSettings(db, { actor }),
    getMailStatus(db, { actor }),
  ]);
  return (
    <>
      <PageHeader title="Settings" description="What the firm offers and how the product runs for every client." />
      <div className="space-y-6">
        <SupportPlansCard plans={plans} />
        <DefaultRatesCard rates={settings.defaultRates} customized={settings.defaultRatesCustomized} />
        <SecurityPolicyCard required={settings.requireClientTwoFactor} />
        <MailCard status={mail} adminEmail={actor.email} />
      </div>
    </>
  );
}
