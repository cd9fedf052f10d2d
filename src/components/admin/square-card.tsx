import Link from "next/link";
import { Suspense } from "react";
import { SquareConnectionPanel } from "@/components/square/square-connection-panel";
import { requireAdmin } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { countUnmatchedInvoices } from "@/server/data/admin-square-customers";
import { getSquareStatus } from "@/server/integrations/square/connection";

/**
 * The dashboard's Square card (docs/PRODUCT.md#square-connection): loads the connection status on the server
 * (never a token) and hands it to the interactive panel. Placed on the admin dashboard, which has
 * already awaited connection(); it checks the admin itself all the same.
 */
export async function SquareCard() {
  const actor = await requireAdmin();
  const [status, unmatched] = await Promise.all([getSquareStatus(getDb(), { refresh: false }), countUnmatchedInvoices(getDb(), { actor })]);
  // Invoices whose Square customer is linked to no client wait in their own view.
  const unmatchedLink = (
    <Link href="/admin/unmatched-invoices" className="text-sm text-accent underline">
      Unmatched invoices ({unmatched})
    </Link>
  );
  return (
    // The panel reads ?oauth_status&message, which needs a Suspense boundary in the App Router.
    <Suspense fallback={<SquareConnectionPanel initialStatus={status} oauthResult={null} footer={unmatchedLink} />}>
      <SquareConnectionPanel initialStatus={status} footer={unmatchedLink} />
    </Suspense>
  );
}
