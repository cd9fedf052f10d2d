import Link from "next/link";
import { connection } from "next/server";
import { getSession } from "@/server/auth/session";

// The server decides between the login and the portal; both are built by later issues.
export default async function ClientPortalPage() {
  await connection();
  const session = await getSession();
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 px-6">
      <Link href="/" className="text-accent">Back to Home</Link>
      <h1 className="text-2xl font-bold">Client Portal</h1>
      <p className="text-muted">
        {session ? `Signed in as ${session.email}` : "Sign in to access your dashboard and project resources"}
      </p>
    </main>
  );
}
