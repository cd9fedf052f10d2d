import { connection } from "next/server";
import { requireAdminPage } from "@/server/auth/session";

export default async function AdminDashboardPage() {
  await connection();
  const admin = await requireAdminPage();
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <p className="mt-2 text-muted">Signed in as {admin.email}.</p>
    </main>
  );
}
