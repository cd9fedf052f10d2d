import { ShieldCheck } from "lucide-react";
import { LazyTwoFactorCard } from "@/features/account/components/lazy-two-factor-card";
import { LogoutButton } from "@/features/account/components/sign-in/logout-button";
import { HydrationPending } from "@/components/hydration-marker";

/**
 * What a client sees while their company requires two-factor and they have not set it up: only
 * the enrolment (docs/PRODUCT.md#account-security). The guards refuse every other portal read and
 * write meanwhile; once enrolled, the page renders the portal.
 */
export function PortalEnrolment({ brand, email, company }: { brand: string; email: string; company: string }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-border bg-background/95 px-4 py-3 md:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="flex items-center gap-2 font-bold">
            <ShieldCheck className="h-6 w-6 text-accent" aria-hidden />
            {brand}
          </span>
          <div className="flex min-w-0 items-center gap-2">
            <span className="min-w-0 max-w-[16rem] truncate text-sm text-muted" title={email}>
              {email}
            </span>
            <LogoutButton redirectTo="/client-portal" />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-8">
        <h1 className="text-2xl font-bold">Set up two-factor sign-in</h1>
        <p className="text-sm text-muted">
          {company} requires two-factor sign-in for its portal accounts. Set it up now to reach your projects, invoices and documents.
        </p>
        {/* Once on, the portal opens on Settings, where this card shows the backup codes. */}
        <LazyTwoFactorCard enabled={false} required afterConfirmHref="/client-portal?section=settings&tab=security" />
        <HydrationPending />
      </main>
    </div>
  );
}
