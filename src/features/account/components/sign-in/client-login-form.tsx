import { Lock } from "lucide-react";
import { HydrationPending } from "@/components/hydration-marker";
import { AuthShell } from "./auth-shell";
import { ClientLoginFields } from "./client-login-fields";
import { LazyClientLoginFields } from "./lazy-client-login-fields";

/**
 * The signed-out view of /client-portal (the page decides on the server which view to show).
 * `lazyFields`: the portal's own page shows this form only for a stale session cookie, so it has
 * the fields' code loaded lazily rather than carried by every signed-in view. The prerendered
 * login page keeps them in its own scripts: a static page's CSP admits only the scripts it starts
 * with (by hash), not the chunk tags a lazily loaded part adds.
 */
export function ClientLoginForm({ lazyFields = false }: { lazyFields?: boolean }) {
  return (
    <AuthShell icon={<Lock className="h-6 w-6" />} title="Client Portal" subtitle="Sign in to access your dashboard and project resources">
      {lazyFields ? (
        <>
          <LazyClientLoginFields />
          <HydrationPending />
        </>
      ) : (
        <ClientLoginFields />
      )}
    </AuthShell>
  );
}
