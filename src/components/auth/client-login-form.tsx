import { Lock } from "lucide-react";
import { AuthShell } from "./auth-shell";
import { ClientLoginFields } from "./client-login-fields";

/** The signed-out view of /client-portal (the page decides on the server which view to show). */
export function ClientLoginForm() {
  return (
    <AuthShell icon={<Lock className="h-6 w-6" />} title="Client Portal" subtitle="Sign in to access your dashboard and project resources">
      <ClientLoginFields />
    </AuthShell>
  );
}
