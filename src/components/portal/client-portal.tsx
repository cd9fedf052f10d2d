import type { ClientActor } from "@/server/auth/session";
import { LogoutButton } from "@/components/auth/logout-button";

// Stub: replaced by the client portal issue.
export async function ClientPortal({ actor }: { actor: ClientActor }) {
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <h1 className="text-2xl font-bold">Dashboard Overview</h1>
      <p className="mt-2 text-muted">Signed in as {actor.email}.</p>
      <LogoutButton redirectTo="/client-portal" />
    </main>
  );
}
