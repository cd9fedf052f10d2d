import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";

/**
 * The one statement of the demo admin's two-factor exemption (docs/PRODUCT.md#sign-in-two-factor),
 * on the dashboard and on the Account page's two-factor card alike, so the two never disagree.
 */
export function DemoExemptionNote({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <Alert tone="info" className={className}>
      Demo mode: this demo admin may sign in without two-factor authentication while the demo data is in use. Every other admin must set it
      up, and a production deployment exempts no one.{children ? <> {children}</> : null}
    </Alert>
  );
}
