import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Alert } from "@/components/ui/alert";
import { OWNER_ONLY_MESSAGE } from "@/server/core/actor";
import { getPortalAccess } from "@/features/identity/server";
import { ApiReference } from "@/features/api/components/api-reference";

export const metadata: Metadata = { title: "API reference · Client Portal", robots: { index: false } };

/**
 * The company API's reference (docs/PRODUCT.md#api-and-webhooks), for the owners who make its
 * tokens (and a viewing admin); signed out, or before a required enrolment, it is the portal.
 */
export default async function ApiReferencePage() {
  await connection();
  const access = await getPortalAccess();
  if (!access || access.mustEnrol) redirect("/client-portal");
  if (access.actor.personRole !== "owner") return <OwnersOnly />;
  return <ApiReference documentUrl="/api/v1/openapi.json" />;
}

function OwnersOnly() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">API reference</h1>
      <Alert tone="error" className="mt-4">
        {OWNER_ONLY_MESSAGE}
      </Alert>
    </main>
  );
}
