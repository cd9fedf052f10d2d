import { Link2 } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";

/** The Square connection's problems a person can fix by reconnecting (docs/PRODUCT.md#square-connection). */
export type SquarePermissionState = {
  revoked: boolean;
  missing_permissions: { feature: string; label: string; scopes: string[] }[];
};

/** Square's OAuth round trip, asking for every permission the product needs. */
export const SQUARE_AUTHORIZE_URL = "/api/oauth/square?action=authorize";

/**
 * Says that access was revoked at Square, or which feature needs which permission the connection
 * lacks, with Reconnect. Nothing when neither: a connection that has what it needs shows no notice.
 */
export function SquarePermissionNotice({ state, reconnect = true }: { state: SquarePermissionState; reconnect?: boolean }) {
  if (!state.revoked && state.missing_permissions.length === 0) return null;
  return (
    <Alert tone="error">
      {state.revoked ? (
        <p>Square access was revoked from the Square Dashboard. Nothing syncs until Square is reconnected.</p>
      ) : (
        <>
          <p>This Square connection lacks permissions the product needs. Reconnect Square to grant them:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {state.missing_permissions.map((m) => (
              <li key={m.feature}>
                {m.label} needs <span className="font-mono">{m.scopes.join(", ")}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {reconnect ? (
        <a href={SQUARE_AUTHORIZE_URL} className={`${buttonClasses("primary")} mt-3`}>
          <Link2 className="h-4 w-4" aria-hidden />
          Reconnect Square
        </a>
      ) : null}
    </Alert>
  );
}
