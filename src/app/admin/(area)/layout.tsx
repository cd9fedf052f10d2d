import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { AdminShell } from "@/components/admin/admin-shell";
import { LogoutButton } from "@/features/account/components/sign-in/logout-button";
import { siteConfig } from "@/config/site";
import { getDb } from "@/server/core/get-db";
import { requireAdminPage } from "@/features/identity/server";
import { getAdminNavCounts } from "@/features/dashboard/server";

export const metadata: Metadata = { title: { default: "Admin", template: `%s | Admin | ${siteConfig.name}` }, robots: { index: false } };

// The frame of every admin page. This check only shapes the frame: each page checks the admin
// session itself, because a page's payload can be requested without its layout running.
export default async function AdminAreaLayout({ children }: { children: ReactNode }) {
  await connection();
  // Enrolment passes: the Account page, where an admin without two-factor sets it up, has this frame too.
  const admin = await requireAdminPage({ enrolment: true });
  const { unreadInquiries, unreadThreads, toCountersign } = await getAdminNavCounts(getDb(), { actor: admin });
  return (
    <AdminShell
      brand={siteConfig.shortName}
      email={admin.email}
      badges={{ "/admin/dashboard": toCountersign, "/admin/inquiries": unreadInquiries, "/admin/messages": unreadThreads }}
      logout={<LogoutButton redirectTo="/admin/login" className="ml-auto sm:ml-0" />}
    >
      {children}
    </AdminShell>
  );
}
