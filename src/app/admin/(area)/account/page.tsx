import type { Metadata } from "next";
import { connection } from "next/server";
import { NotificationPreferences } from "@/components/account/notification-preferences";
import { PageHeader } from "@/components/admin/page-header";
import { requireAdminPage } from "@/server/auth/session";
import { getDb } from "@/server/data/db";
import { getNotificationPreferences } from "@/server/notifications/preferences";

export const metadata: Metadata = { title: "Account" };

export default async function AdminAccountPage() {
  await connection();
  const actor = await requireAdminPage();
  const preferences = await getNotificationPreferences(getDb(), { actor });
  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${actor.email}`} />
      <NotificationPreferences audience="admin" initial={preferences} />
    </>
  );
}
