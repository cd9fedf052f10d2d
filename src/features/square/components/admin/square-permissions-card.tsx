import { Card } from "@/components/ui/card";
import { SquarePermissionNotice } from "@/features/square/components/square-permission-notice";
import type { SquareStatus } from "@/features/square/server";

/**
 * Settings' Square section (docs/PRODUCT.md#admin-settings): which feature needs which permission
 * the connection lacks, or that access was revoked, with Reconnect. Nothing while Square is not
 * connected or the connection has everything: the dashboard's card is where one connects.
 */
export function SquarePermissionsCard({ status }: { status: SquareStatus }) {
  if (!status.connected || (!status.revoked && status.missing_permissions.length === 0)) return null;
  return (
    <Card role="region" aria-labelledby="square-permissions-title" className="flex flex-col gap-3">
      <h2 id="square-permissions-title" className="text-lg font-semibold">
        Square permissions
      </h2>
      <SquarePermissionNotice state={status} />
    </Card>
  );
}
