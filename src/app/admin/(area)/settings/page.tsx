import type { Metadata } from "next";
import { connection } from "next/server";
import { PageHeader } from "@/components/admin/page-header";
import { SectionNav } from "@/components/ui/section-nav";
import { ADMIN_SETTINGS_TABS, ADMIN_SETTINGS_TAB_LABELS, type AdminSettingsTab, parseTab } from "@/lib/domain/admin-settings-tab";
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
import type { AdminActor } from "@/server/core/actor";
import { getMailStatus } from "@/features/operations/server";
import { getAdminSettings, getAuthorizationTerms } from "@/features/settings/server";
import { getReportTemplateInfo } from "@/features/reports/server";
import { listAdminPlans } from "@/features/subscriptions/server";

export const metadata: Metadata = { title: "Settings" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Settings in sections, each its own address (?tab=<id>): only the section in view is read.
export default async function AdminSettingsPage({ searchParams }: Props) {
  await connection();
  const actor = await requireAdminPage();
  const tab = parseTab(ADMIN_SETTINGS_TABS, (await searchParams).tab);
  const items = ADMIN_SETTINGS_TABS.map((id) => ({ id, label: ADMIN_SETTINGS_TAB_LABELS[id], href: `/admin/settings?tab=${id}` }));
  return (
    <>
      <PageHeader title="Settings" description="What the firm offers and how the product runs for every client." />
      <SectionNav label="Settings sections" items={items} current={tab}>
        {await settingsCards(tab, actor)}
      </SectionNav>
    </>
  );
}

async function settingsCards(tab: AdminSettingsTab, actor: AdminActor) {
  const db = getDb();
  switch (tab) {
    case "plans": {
      const [square, plans] = await Promise.all([
        // No token refresh while rendering: a slow Square must not delay the page.
        getSquareStatus(db, { refresh: false }),
        listAdminPlans(db, { actor }),
      ]);
      return (
        <>
          <SquarePermissionsCard status={square} />
          <SupportPlansCard plans={plans} />
        </>
      );
    }
    case "firm": {
      const settings = await getAdminSettings(db, { actor });
      return (
        <>
          <FirmDetailsCard firm={settings.firm} />
          <DefaultRatesCard rates={settings.defaultRates} customized={settings.defaultRatesCustomized} />
        </>
      );
    }
    case "security": {
      const settings = await getAdminSettings(db, { actor });
      return <SecurityPolicyCard required={settings.requireClientTwoFactor} />;
    }
    case "findings": {
      const [settings, reportTemplate, authorizationTerms] = await Promise.all([
        getAdminSettings(db, { actor }),
        getReportTemplateInfo(db, { actor }),
        getAuthorizationTerms(db),
      ]);
      return (
        <>
          <RetestTrialsCard minTrials={settings.minRetestTrials} />
          <ReportTemplateCard template={reportTemplate} />
          <AuthorizationTermsCard {...authorizationTerms} />
        </>
      );
    }
    case "mail":
      return <MailCard status={await getMailStatus(db, { actor })} adminEmail={actor.email} />;
  }
}
