import { Suspense } from "react";
import { SquareConnectionPanel } from "@/components/square/square-connection-panel";
import { requireAdmin } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getSquareStatus } from "@/server/integrations/square/connection";

/**
 * The dashboard's payment-provider card (spec §2, §4): loads the connection status on the server
 * (never a token) and hands it to the interactive panel. Placed on the admin dashboard, which has
 * already awaited connection(); it checks the admin itself all the same.
 */
export async function SquareCard() {
  await requireAdmin();
  const status = await getSquareStatus(getDb(), { refresh: false });
  return (
    // The panel reads ?oauth_status&message, which needs a Suspense boundary in the App Router.
    <Suspense fallback={<SquareConnectionPanel initialStatus={status} oauthResult={null} />}>
      <SquareConnectionPanel initialStatus={status} />
    </Suspense>
  );
}
