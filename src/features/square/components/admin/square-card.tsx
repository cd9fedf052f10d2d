import Link from "next/link";
import { Suspense } from "react";
import { SquareConnectionPanel } from "@/features/square/components/square-connection-panel";
import type { SquareStatus } from "@/features/square/server";

/**
 * The dashboard's payment-provider card (docs/PRODUCT.md#square-connection): the connection status (never a token) and the count of
 * unmatched invoices, both loaded by the dashboard page, around the interactive panel.
 */
export function SquareCard({ status, unmatched }: { status: SquareStatus; unmatched: number }) {
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
