import type { Metadata } from "next";
import { connection } from "next/server";
import { ChangePasswordCard } from "@/features/account/components/change-password-card";
import { NotificationPreferences } from "@/features/notifications/components/notification-preferences";
import { PasskeysCard } from "@/features/account/components/passkeys-card";
import { ProfileCard } from "@/features/account/components/profile-card";
import { SessionsCard } from "@/features/account/components/sessions-card";
import { TwoFactorCard } from "@/features/account/components/two-factor-card";
import { PageHeader } from "@/components/admin/page-header";
import { getDb } from "@/server/core/get-db";
import { getAccountSecurity } from "@/features/account/server";
import { requireAdminPage } from "@/features/identity/server";
import { getNotificationPreferences } from "@/features/notifications/server";

export const metadata: Metadata = { title: "Account" };

// The admin's own profile (name, sign-in e-mail) and account security. The one admin page open before two-factor is set up: every
// other admin page sends an admin without it here (docs/PRODUCT.md#sign-in-two-factor).
export default async function AdminAccountPage() {
  await connection();
  const actor = await requireAdminPage({ enrolment: true });
  const [security, preferences] = await Promise.all([
    getAccountSecurity(getDb(), { actor }),
    getNotificationPreferences(getDb(), { actor }),
  ]);
  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${actor.email}`} />
      <div className="space-y-6">
        <ProfileCard name={actor.name} email={actor.email} />
        <TwoFactorCard enabled={security.twoFactorEnabled} required={security.twoFactorRequired} demoExempt={security.demoExempt} />
        <PasskeysCard />
        <ChangePasswordCard />
        <SessionsCard />
        <NotificationPreferences audience="admin" initial={preferences} />
      </div>
    </>
  );
}
