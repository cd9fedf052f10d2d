import type { Metadata } from "next";
import { connection } from "next/server";
import { ChangePasswordCard } from "@/features/account/components/change-password-card";
import { NotificationPreferences } from "@/features/notifications/components/notification-preferences";
import { PasskeysCard } from "@/features/account/components/passkeys-card";
import { ProfileCard } from "@/features/account/components/profile-card";
import { SessionsCard } from "@/features/account/components/sessions-card";
import { TwoFactorCard } from "@/features/account/components/two-factor-card";
import { PageHeader } from "@/components/admin/page-header";
import { SectionNav } from "@/components/ui/section-nav";
import { ADMIN_ACCOUNT_TABS, ADMIN_ACCOUNT_TAB_LABELS, parseTab } from "@/lib/domain/admin-settings-tab";
import { getDb } from "@/server/core/get-db";
import { getAccountSecurity } from "@/features/identity/server";
import { requireAdminPage } from "@/features/identity/server";
import { getNotificationPreferences } from "@/features/notifications/server";

export const metadata: Metadata = { title: "Account" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The admin's own profile (name, sign-in e-mail), account security and notifications, each section its
// own address (?tab=<id>). The one admin page open before two-factor is set up: every other admin page
// sends an admin without it here, so without a section it opens on Security (always: a state-dependent
// default would switch sections under the backup codes shown once enrolment is done;
// docs/PRODUCT.md#sign-in-two-factor).
export default async function AdminAccountPage({ searchParams }: Props) {
  await connection();
  const actor = await requireAdminPage({ enrolment: true });
  const tab = parseTab(ADMIN_ACCOUNT_TABS, (await searchParams).tab, "security");
  const security = tab === "security" ? await getAccountSecurity(getDb(), { actor }) : null;
  const items = ADMIN_ACCOUNT_TABS.map((id) => ({ id, label: ADMIN_ACCOUNT_TAB_LABELS[id], href: `/admin/account?tab=${id}` }));
  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${actor.email}`} />
      <SectionNav label="Account sections" items={items} current={tab}>
        {tab === "profile" ? <ProfileCard name={actor.name} email={actor.email} /> : null}
        {security ? (
          <>
            <TwoFactorCard enabled={security.twoFactorEnabled} required={security.twoFactorRequired} demoExempt={security.demoExempt} />
            <PasskeysCard />
            <ChangePasswordCard />
            <SessionsCard />
          </>
        ) : null}
        {tab === "notifications" ? (
          <NotificationPreferences audience="admin" initial={await getNotificationPreferences(getDb(), { actor })} />
        ) : null}
      </SectionNav>
    </>
  );
}
