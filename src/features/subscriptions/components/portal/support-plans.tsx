"use client";

import { Check, Clock, Crown, ExternalLink, Info, XCircle } from "lucide-react";
import { useState } from "react";
import { cancelSubscription, subscribeToPlan } from "@/features/subscriptions/actions/portal";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { useChange } from "@/components/ui/use-change";
import { cn } from "@/lib/cn";
import { formatCents, formatCentsWhole, formatDate } from "@/lib/format";
import type { PortalPlanRequest, PortalSubscription, PortalTier } from "@/features/subscriptions/server";
import { useTimedValue } from "@/features/portal/components/use-timed-value";

/** A plan change's message shows for 5 seconds (docs/PRODUCT.md#portal-book-service). */
export const CHECKOUT_NOTICE_MS = 5000;

type Notice = { tone: "success" | "error"; text: string };

const SUBSCRIPTION_NOTES = ["Billed monthly", "Cancel anytime", "Secure payment processing", "Upgrade or downgrade anytime"];

const price = (cents: number) => (cents % 100 === 0 ? formatCentsWhole(cents) : formatCents(cents));

export function SupportPlans({
  tiers,
  subscription,
  planRequest,
  readOnly = false,
  canCancel = true,
}: {
  tiers: PortalTier[];
  subscription: PortalSubscription | null;
  planRequest: PortalPlanRequest | null;
  /** An admin viewing the portal: the plans and their state show, the buttons that change them do not. */
  readOnly?: boolean;
  /** Owners end the company's plan (a member is told to ask one; the server refuses them too). */
  canCancel?: boolean;
}) {
  const [notice, showNotice] = useTimedValue<Notice>(CHECKOUT_NOTICE_MS);
  const { busy, run } = useChange<string>((text, tone) => showNotice({ text, tone }));
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const pending = planRequest?.status === "pending" ? planRequest : null;
  const subscribe = (tier: PortalTier) =>
    run(`subscribe-${tier.id}`, () => subscribeToPlan({ planId: tier.id }), {
      done: (data) =>
        data.via === "square"
          ? `Your ${tier.tierName} subscription was created with Square. It becomes active once Square confirms it.`
          : `Your request for the ${tier.tierName} plan was sent. It becomes active once it is confirmed.`,
    });

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
          {subscription.managedBySquare ? (
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
          ) : readOnly ? null : !canCancel ? (
            <p className="text-sm text-emerald-200/80">An owner of your company can cancel this plan.</p>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              className="self-start sm:self-auto"
              onClick={() => setConfirmingCancel(true)}
              disabled={busy !== null}
            >
              Cancel plan
            </Button>
          )}
        </div>
      ) : null}

      {pending ? (
        <div
          className="flex flex-col gap-3 rounded-xl border border-sky-500/40 bg-sky-500/10 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-plan-request="pending"
        >
          <div className="flex items-start gap-3">
            <Clock className="mt-0.5 h-5 w-5 shrink-0 text-sky-300" aria-hidden />
            <div>
              <p className="font-semibold text-sky-100">Requested: {pending.tierName}</p>
              <p className="text-sm text-sky-200/80">
                {pending.inSquare
                  ? "Created with Square. Your plan becomes active once Square confirms it."
                  : "Waiting for confirmation. Your plan becomes active once it is confirmed."}
              </p>
            </div>
          </div>
          {readOnly || pending.inSquare ? null : (
            <Button
              size="sm"
              variant="secondary"
              className="self-start sm:self-auto"
              disabled={busy !== null}
              onClick={() =>
                run("withdraw", () => cancelSubscription({ subscriptionId: pending.id }), {
                  done: () => "Your plan request was withdrawn.",
                })
              }
            >
              {busy === "withdraw" ? "Withdrawing..." : "Withdraw request"}
            </Button>
          )}
        </div>
      ) : planRequest?.status === "declined" ? (
        <div className="flex items-start gap-3 rounded-xl border border-slate-600 bg-slate-800/40 p-4" data-plan-request="declined">
          <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-slate-300" aria-hidden />
          <div>
            <p className="font-semibold">Your request for the {planRequest.tierName} plan was declined.</p>
            {planRequest.reason ? <p className="text-sm text-muted">Reason: {planRequest.reason}</p> : null}
          </div>
        </div>
      ) : null}

      <div aria-live="polite" className="empty:hidden">
        {notice ? <Alert tone={notice.tone === "error" ? "error" : "info"}>{notice.text}</Alert> : null}
      </div>

      {confirmingCancel && subscription ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? null : setConfirmingCancel(false))}
          title={`Cancel the ${subscription.tierName} plan?`}
        >
          <p className="text-sm text-muted">Your plan ends now and is no longer billed. You can subscribe again at any time.</p>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirmingCancel(false)}>
              Keep plan
            </Button>
            <Button
              disabled={busy !== null}
              onClick={() =>
                run("cancel", () => cancelSubscription({ subscriptionId: subscription.id }), {
                  done: () => {
                    setConfirmingCancel(false);
                    return `Your ${subscription.tierName} plan was cancelled.`;
                  },
                })
              }
            >
              {busy === "cancel" ? "Cancelling..." : "Cancel plan"}
            </Button>
          </div>
        </Dialog>
      ) : null}

      {tiers.length === 0 ? (
        <p className="text-muted">No support plans are on offer right now. Please contact your account manager.</p>
      ) : (
        <ul className={cn("grid gap-4 sm:grid-cols-2", tiers.length >= 4 ? "xl:grid-cols-4" : "lg:grid-cols-3")}>
          {tiers.map((tier) => (
            <li key={tier.id}>
              <TierCard
                tier={tier}
                subscription={subscription}
                waiting={pending !== null}
                readOnly={readOnly}
                busy={busy === `subscribe-${tier.id}`}
                disabled={busy !== null}
                onSubscribe={() => subscribe(tier)}
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
  waiting,
  readOnly,
  busy,
  disabled,
  onSubscribe,
}: {
  tier: PortalTier;
  subscription: PortalSubscription | null;
  waiting: boolean;
  readOnly: boolean;
  busy: boolean;
  disabled: boolean;
  onSubscribe: () => void;
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
        ) : readOnly ? null : (
          <Button
            variant={tier.isPopular ? "primary" : "secondary"}
            className="w-full"
            onClick={onSubscribe}
            disabled={disabled || waiting}
            aria-describedby={`tier-${tier.id}`}
            title={waiting ? "A plan request is already waiting for confirmation" : undefined}
          >
            {busy ? "Sending..." : "Subscribe Now"}
          </Button>
        )}
      </div>
    </Card>
  );
}
