import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { AuthShell } from "./auth-shell";

/** The client login's frame around its fields: the same on the prerendered login page and the portal's own. */
export function ClientLoginFrame({ children }: { children: ReactNode }) {
  return (
    <AuthShell icon={<Lock className="h-6 w-6" />} title="Client Portal" subtitle="Sign in to access your dashboard and project resources">
      {children}
    </AuthShell>
  );
}
