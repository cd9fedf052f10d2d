import { ShieldAlert, ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { AdminLoginForm } from "@/features/account/components/sign-in/admin-login-form";
import { AuthShell } from "@/features/account/components/sign-in/auth-shell";
import { getSession } from "@/features/identity/server";

export const metadata: Metadata = { title: "Admin Login", robots: { index: false } };

// Public page; a signed-in admin has nothing to do here and goes straight to the dashboard.
export default async function AdminLoginPage() {
  await connection();
  const session = await getSession();
  if (session?.role === "admin") redirect("/admin/dashboard");
  return (
    <AuthShell icon={<ShieldCheck className="h-6 w-6" />} title="Admin Portal" subtitle="Authorized personnel only">
      <div
        role="note"
        className="mb-6 flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
      >
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>
          <span className="font-semibold">Restricted access.</span> This area is for authorized administrators only. All access attempts are
          logged and monitored.
        </p>
      </div>
      <AdminLoginForm />
    </AuthShell>
  );
}
