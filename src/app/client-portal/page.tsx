import type { Metadata } from "next";
import { connection } from "next/server";
import { ClientLoginForm } from "@/components/auth/client-login-form";
import { ClientPortal } from "@/components/portal/client-portal";
import { getClientActorOrNull } from "@/server/auth/session";

export const metadata: Metadata = { title: "Client Portal", robots: { index: false } };

// The server decides: the signed-in client's portal, or the login form.
export default async function ClientPortalPage() {
  await connection();
  const actor = await getClientActorOrNull();
  return actor ? <ClientPortal actor={actor} /> : <ClientLoginForm />;
}
