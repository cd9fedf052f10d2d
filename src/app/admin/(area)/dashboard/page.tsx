import { connection } from "next/server";
import { SquareCard } from "@/components/admin/square-card";
import { requireAdminPage } from "@/server/auth/session";

// Placeholder until the admin dashboard issue lands (its version replaces this file at merge);
// it renders the Square card so the Square flow can be tried and tested.
export default async function AdminDashboardPage() {
  await connection();
  const admin = await requireAdminPage();
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <p className="mt-2 text-muted">Signed in as {admin.email}.</p>
      <div className="mt-6">
        <SquareCard />
      </div>
    </main>
  );
}
