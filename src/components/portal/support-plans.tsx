"use client";

import { Check, Crown, ExternalLink, Info } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatCents, formatCentsWhole, formatDate } from "@/lib/format";
import type { PortalSubscription, PortalTier } from "@/server/modules/subscriptions";
import { useTimedValue } from "./use-timed-value";

/** The checkout notice shows for 3 seconds (docs/PRODUCT.md#portal-book-service). */
export const CHECKOUT_NOTICE_MS = 3000;

const SUBSCRIPTION_NOTES = ["Billed monthly", "Cancel anytime", "Secure payment processing", "Upgrade or downgrade anytime"];

const price = (cents: number) => (cents % 100 === 0 ? formatCentsWhole(cents) : formatCents(cents));

export function SupportPlans({ tiers, subscription }: { tiers: PortalTier[]; subscription: PortalSubscription | null }) {
  const [notice, showNotice] = useTimedValue<string>(CHECKOUT_NOTICE_MS);

  return (
    <div className="space-y-6">
      {subscription ? (
        <div className="flex flex-col gap-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <Crown className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300" aria-hidden />
            <div>
              <p className="font-semibold text-emerald-100">Active plan: {subscription.tierName}</p>
              <p className="text-sm text-emerald-200/80">
                {price(subscription.monthlyPriceCents)}/month
                {subscription.currentPeriodEnd ? ` · Current period ends ${formatDate(subscription.currentPeriodEnd)}` : ""}
              </p>
            </div>
          </div>
          <a
            href={subscription.manageUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("secondary", "sm", "self-start sm:self-auto")}
          >
            Manage
            <span className="sr-only"> your subscription (opens in a new tab)</span>
            <ExternalLink className="h-4 w-4" aria-hidden />
          </a>
        </div>
      ) : null}

      <div aria-live="polite" className="empty:hidden">
        {notice ? <Alert tone="info">{notice}</Alert> : null}
      </div>

      {tiers.length === 0 ? (
        <p className="text-muted">No support plans are on offer right now. Please contact your account manager.</p>
      ) : (
        <ul className={cn("grid gap-4 sm:grid-cols-2", tiers.length >= 4 ? "xl:grid-cols-4" : "lg:grid-cols-3")}>
          {tiers.map((tier) => (
            <li key={tier.id}>
              <TierCard
                tier={tier}
                subscription={subscription}
                onCheckout={() =>
                  showNotice(
                    `Opening secure checkout for the ${tier.tierName} plan in a new tab. Your plan becomes active once the payment is confirmed.`,
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}

      <Card>
        <h3 className="flex items-center gap-2 font-semibold">
          <Info className="h-5 w-5 text-accent" aria-hidden />
          Subscription Details
        </h3>
        <ul className="mt-3 grid gap-2 text-sm text-muted sm:grid-cols-2">
          {SUBSCRIPTION_NOTES.map((note) => (
            <li key={note} className="flex items-center gap-2">
              <Check className="h-4 w-4 text-emerald-400" aria-hidden />
              {note}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

function TierCard({
  tier,
  subscription,
  onCheckout,
}: {
  tier: PortalTier;
  subscription: PortalSubscription | null;
  onCheckout: () => void;
}) {
  const isCurrent = subscription?.tierId === tier.id;
  // Compared by price: a dearer tier is an upgrade of the client's plan, a cheaper one a downgrade.
  const hint =
    subscription && !isCurrent
      ? tier.monthlyPriceCents > subscription.monthlyPriceCents
        ? "Upgrade your plan"
        : tier.monthlyPriceCents < subscription.monthlyPriceCents
          ? "Downgrade to this plan"
          : null
      : null;

  return (
    <Card
      data-tier={tier.tierName}
      className={cn("relative flex h-full flex-col gap-4", isCurrent ? "border-emerald-500/60" : tier.isPopular && "border-accent/60")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`tier-${tier.id}`} className="text-lg font-semibold">
          {tier.tierName}
        </h3>
        {isCurrent ? <span className="rounded-full bg-emerald-500 px-2 py-0.5 text-xs font-bold text-slate-950">CURRENT</span> : null}
        {tier.isPopular && !isCurrent ? (
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-slate-950">POPULAR</span>
        ) : null}
      </div>
      <p>
        <span className="text-3xl font-bold">{price(tier.monthlyPriceCents)}</span>
        <span className="text-muted">/month</span>
      </p>
      <ul className="space-y-2 text-sm">
        {tier.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto space-y-2">
        {hint ? <p className="text-center text-xs text-muted">{hint}</p> : null}
        {isCurrent ? (
          <button
            type="button"
            disabled
            id={`tier-${tier.id}-action`}
            aria-labelledby={`tier-${tier.id}-action tier-${tier.id}`}
            className={buttonClasses("secondary", "md", "w-full")}
          >
            Current Plan
          </button>
        ) : tier.squareCheckoutUrl ? (
          <a
            href={tier.squareCheckoutUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onCheckout}
            aria-describedby={`tier-${tier.id}`}
            className={buttonClasses(tier.isPopular ? "primary" : "secondary", "md", "w-full")}
          >
            Subscribe Now
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <button
            type="button"
            disabled
            id={`tier-${tier.id}-action`}
            aria-labelledby={`tier-${tier.id}-action tier-${tier.id}`}
            className={buttonClasses("secondary", "md", "w-full")}
          >
            Checkout unavailable
          </button>
        )}
      </div>
    </Card>
  );
}
