import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { DefaultRatesCard } from "@/features/settings/components/admin/default-rates-card";
import { FirmDetailsCard } from "@/features/settings/components/admin/firm-details-card";
import { MailCard } from "@/features/operations/components/admin/mail-card";
import { SecurityPolicyCard } from "@/features/settings/components/admin/security-policy-card";
import { RetestTrialsCard } from "@/features/settings/components/admin/retest-trials-card";
import { ReportTemplateCard } from "@/features/reports/components/report-template-card";
import { AuthorizationTermsCard } from "@/features/authorizations/components/authorization-terms-card";
import { SupportPlansCard } from "@/features/subscriptions/components/admin/support-plans-card";
import { SquarePermissionsCard } from "@/features/square/components/admin/square-permissions-card";
import { getSquareStatus } from "@/features/square/server";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { getMailStatus } from "@/features/operations/server";
import { getAdminSettings, getAuthorizationTerms } from "@/features/settings/server";
import { getReportTemplateInfo } from "@/features/reports/server";
import { listAdminPlans } from "@/features/subscriptions/server";

export const metadata: Metadata = { title: "Settings" };

export default async function AdminSettingsPage() {
  await connection();
  const actor = await requireAdminPage();
  const db = getDb();
  const [plans, settings, mail, reportTemplate, authorizationTerms, square] = await Promise.all([
    listAdminPlans(db, { actor }),
    getAdminSettings(db, { actor }),
    getMailStatus(db, { actor }),
    getReportTemplateInfo(db, { actor }),
    getAuthorizationTerms(db),
    // No token refresh while rendering: a slow Square must not delay the page.
    getSquareStatus(db, { refresh: false }),
  ]);
  return (
    <>
      <PageHeader title="Settings" description="What the firm offers and how the product runs for every client." />
      <div className="space-y-6">
        <SquarePermissionsCard status={square} />
        <SupportPlansCard plans={plans} />
        <FirmDetailsCard firm={settings.firm} />
        <DefaultRatesCard rates={settings.defaultRates} customized={settings.defaultRatesCustomized} />
        <SecurityPolicyCard required={settings.requireClientTwoFactor} />
        <RetestTrialsCard minTrials={settings.minRetestTrials} />
        <ReportTemplateCard template={reportTemplate} />
        <AuthorizationTermsCard {...authorizationTerms} />
        <MailCard status={mail} adminEmail={actor.email} />
      </div>
    </>
  );
}
