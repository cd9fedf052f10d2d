"use client";

import { Check, Clock, Crown, ExternalLink, Info, XCircle } from "lucide-react";
import { useState } from "react";
import { cancelSubscription, subscribeToPlan, switchPlan } from "@/features/subscriptions/actions/portal";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useChange } from "@/components/ui/use-change";
import { cn } from "@/lib/cn";
import { formatCents, formatCentsWhole, formatDate } from "@/lib/format";
import { PlanChangeDialog, type PlanChange } from "./plan-change-dialog";
import type { BillingWaitReason, PortalPlanRequest, PortalSubscription, PortalTier } from "@/features/subscriptions/server";
import { useTimedValue } from "@/components/portal/use-timed-value";

/** A plan change's message shows for 5 seconds (docs/PRODUCT.md#portal-book-service). */
export const CHECKOUT_NOTICE_MS = 5000;
/** The notice that Square's checkout opened in a new tab shows for 3 seconds (docs/PRODUCT.md#portal-book-service). */
export const SQUARE_CHECKOUT_NOTICE_MS = 3000;

/** Why a plan the firm bills is not billed yet, in the client's words. */
export const BILLING_WAITS: Record<BillingWaitReason, string> = {
  square_not_connected:
    "Not billed yet: our payment provider is not connected, so nothing has been charged. This period is invoiced once it is.",
  no_square_customer:
    "Not billed yet: your company is not set up with our payment provider yet, so nothing has been charged. This period is invoiced once it is.",
};

type Notice = { tone: "success" | "error"; text: string };

/** The spec's four notes, each with what it means here (docs/PRODUCT.md#portal-book-service). */
export const SUBSCRIPTION_NOTES = [
  "Billed monthly, in advance",
  "Cancel anytime: the plan runs to the end of its paid period",
  "Secure payment processing",
  "Upgrade or downgrade anytime, from your next billing date",
];
/** The same notes for a plan Square runs while Square is not connected: nothing here can change it, so nothing promises it. */
export const SUBSCRIPTION_NOTES_WITHOUT_SQUARE = [
  "Billed monthly, in advance",
  "To cancel this plan, contact your account manager",
  "Secure payment processing",
  "To change to another plan, contact your account manager",
];

/** A plan Square runs while Square is not connected (docs/PRODUCT.md#portal-book-service). */
export const SQUARE_NOT_CONNECTED_NOTICE =
  "Square is not connected, and this plan is billed by Square: to change or cancel it, contact your account manager.";

const price = (cents: number) => (cents % 100 === 0 ? formatCentsWhole(cents) : formatCents(cents));

export function SupportPlans({
  tiers,
  subscription,
  planRequest,
  readOnly = false,
  canManage = true,
}: {
  tiers: PortalTier[];
  subscription: PortalSubscription | null;
  planRequest: PortalPlanRequest | null;
  /** An admin viewing the portal: the plans and their state show, the buttons that change them do not. */
  readOnly?: boolean;
  /** Owners subscribe, switch and end the company's plan (a member is told to ask one; the server refuses them too). */
  canManage?: boolean;
}) {
  const [notice, showNotice] = useTimedValue<Notice>(CHECKOUT_NOTICE_MS);
  const [checkoutNotice, showCheckoutNotice] = useTimedValue<string>(SQUARE_CHECKOUT_NOTICE_MS);
  // A refusal stays until the next change: it is read after the dialog closed, never behind it.
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    isBusy,
    running,
    run: runChange,
  } = useChange<string>((text, tone) => (tone === "error" ? setRefusal(text) : showNotice({ text, tone })));
  const [change, setChange] = useState<PlanChange | null>(null);
  const pending = planRequest?.status === "pending" ? planRequest : null;
  const close = () => setChange(null);
  const run: typeof runChange = (key, send, options = {}) => {
    setRefusal(null);
    return runChange(key, send, {
      ...options,
      refused: () => {
        close();
        return false;
      },
    });
  };
  // A plan Square runs changes at Square first: without Square, switching and cancelling cannot work, so neither is offered.
  const squareUnreachable = subscription !== null && subscription.managedBySquare && !subscription.squareConnected;
  const confirm = (asked: PlanChange) => {
    if (asked.kind === "cancel")
      return run("cancel", () => cancelSubscription({ subscriptionId: asked.subscription.id }), {
        done: () => {
          close();
          return asked.subscription.currentPeriodEnd
            ? `Your ${asked.subscription.tierName} plan ends on ${formatDate(asked.subscription.currentPeriodEnd)}.`
            : `Your ${asked.subscription.tierName} plan ends at the end of its period.`;
        },
      });
    if (asked.kind === "switch")
      return run(`switch-${asked.tier.id}`, () => switchPlan({ planId: asked.tier.id }), {
        done: (data) => {
          close();
          return data.startsOn
            ? `Your plan switches to ${asked.tier.tierName} on ${formatDate(data.startsOn)}.`
            : `Your plan switches to ${asked.tier.tierName} from the next billing date.`;
        },
      });
    return run(`subscribe-${asked.tier.id}`, () => subscribeToPlan({ planId: asked.tier.id }), {
      done: (data) => {
        close();
        return data.via === "square"
          ? `Your ${asked.tier.tierName} subscription was created with Square. It becomes active once Square confirms it.`
          : `Your request for the ${asked.tier.tierName} plan was sent. It becomes active once it is confirmed.`;
      },
    });
  };

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
                {subscription.currentPeriodEnd && !subscription.billingWaits
                  ? subscription.cancelAtPeriodEnd
                    ? ` · Ends ${formatDate(subscription.currentPeriodEnd)}, not billed again`
                    : ` · Next billing ${formatDate(subscription.currentPeriodEnd)}`
                  : ""}
              </p>
              {subscription.billingWaits ? (
                <p className="text-sm text-amber-200" data-billing-waits={subscription.billingWaits.reason}>
                  {BILLING_WAITS[subscription.billingWaits.reason]}
                </p>
              ) : null}
              {subscription.nextTier ? (
                <p className="text-sm text-emerald-200/80" data-plan-switch>
                  Switches to {subscription.nextTier.tierName} ({price(subscription.nextTier.monthlyPriceCents)}/month)
                  {subscription.currentPeriodEnd ? ` on ${formatDate(subscription.currentPeriodEnd)}` : " from the next billing date"}
                </p>
              ) : null}
            </div>
          </div>
          {readOnly || subscription.cancelAtPeriodEnd ? null : !canManage ? (
            <p className="text-sm text-emerald-200/80">An owner of your company can change or cancel this plan.</p>
          ) : squareUnreachable ? (
            <p className="max-w-xs text-sm text-emerald-200/80">{SQUARE_NOT_CONNECTED_NOTICE}</p>
          ) : (
            <div className="flex flex-wrap items-center gap-2 self-start sm:self-auto">
              {subscription.manageUrl ? (
                // The payment provider's own page for this subscription.
                <a href={subscription.manageUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "sm")}>
                  Manage
                  <span className="sr-only"> your plan at Square (opens in a new tab)</span>
                  <ExternalLink className="h-4 w-4" aria-hidden />
                </a>
              ) : null}
              <Button size="sm" variant="secondary" onClick={() => setChange({ kind: "cancel", subscription })} disabled={isBusy}>
                Cancel plan
              </Button>
            </div>
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
              disabled={isBusy}
              onClick={() =>
                run("withdraw", () => cancelSubscription({ subscriptionId: pending.id }), {
                  done: () => "Your plan request was withdrawn.",
                })
              }
            >
              {running === "withdraw" ? "Withdrawing..." : "Withdraw request"}
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

      <div aria-live="polite" className="space-y-2 empty:hidden">
        {refusal ? <Alert tone="error">{refusal}</Alert> : null}
        {notice ? <Alert tone={notice.tone === "error" ? "error" : "info"}>{notice.text}</Alert> : null}
        {checkoutNotice ? <Alert tone="info">{checkoutNotice}</Alert> : null}
      </div>
      {!subscription && !readOnly && !canManage ? (
        <p className="text-sm text-muted">An owner of your company can subscribe it to a plan.</p>
      ) : null}

      {change ? <PlanChangeDialog change={change} busy={isBusy} onConfirm={() => confirm(change)} onClose={close} /> : null}

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
                canManage={canManage}
                squareUnreachable={squareUnreachable}
                busy={running === `subscribe-${tier.id}` || running === `switch-${tier.id}`}
                disabled={isBusy}
                onChoose={() => setChange(subscription ? { kind: "switch", tier, subscription } : { kind: "subscribe", tier })}
                onCheckout={() =>
                  showCheckoutNotice(
                    `Square's secure checkout for the ${tier.tierName} plan opened in a new tab. Your plan shows here once Square confirms the subscription.`,
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
          {(squareUnreachable ? SUBSCRIPTION_NOTES_WITHOUT_SQUARE : SUBSCRIPTION_NOTES).map((note) => (
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
  canManage,
  squareUnreachable,
  busy,
  disabled,
  onChoose,
  onCheckout,
}: {
  tier: PortalTier;
  subscription: PortalSubscription | null;
  waiting: boolean;
  readOnly: boolean;
  canManage: boolean;
  squareUnreachable: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
  onCheckout: () => void;
}) {
  const isCurrent = subscription?.tierId === tier.id;
  const isNext = subscription?.nextTier?.id === tier.id;
  // With a plan, another tier is a switch: an owner's decision, not possible once the plan is ending.
  const switchBlocked = subscription !== null && (!canManage || subscription.cancelAtPeriodEnd || isNext);
  // A plan Square runs switches at Square, only to a plan Square knows, and only while Square answers.
  const switchUnavailable = subscription !== null && subscription.managedBySquare && (squareUnreachable || !tier.inSquare);
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
      edge={isCurrent ? "success" : tier.isPopular ? "accent" : "plain"}
      className="relative flex h-full flex-col gap-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`tier-${tier.id}`} className="text-lg font-semibold">
          {tier.tierName}
        </h3>
        {isCurrent ? <span className="rounded-full bg-emerald-400 px-2 py-0.5 text-xs font-bold text-slate-950">CURRENT</span> : null}
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
        ) : readOnly ? null : subscription && switchUnavailable && !isNext ? (
          <p className="text-center text-sm text-muted" data-switch-unavailable>
            To switch to this plan, contact your account manager.
          </p>
        ) : subscription ? (
          <Button
            variant={tier.isPopular ? "primary" : "secondary"}
            className="w-full"
            onClick={onChoose}
            disabled={disabled || waiting || switchBlocked}
            aria-describedby={`tier-${tier.id}`}
            title={isNext ? "Your plan switches to this one at the next billing date" : undefined}
          >
            {busy ? "Switching..." : isNext ? "Next Plan" : "Switch to This Plan"}
          </Button>
        ) : !canManage ? null : tier.checkoutUrl && !waiting ? (
          // The firm's Square checkout: Square takes the payment, and its subscription comes back as this plan.
          <a
            href={tier.checkoutUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onCheckout}
            aria-describedby={`tier-${tier.id}`}
            className={buttonClasses(tier.isPopular ? "primary" : "secondary", "md", "w-full")}
          >
            Subscribe Now
            <span className="sr-only"> (opens Square&apos;s secure checkout in a new tab)</span>
            <ExternalLink className="h-4 w-4" aria-hidden />
          </a>
        ) : (
          <Button
            variant={tier.isPopular ? "primary" : "secondary"}
            className="w-full"
            onClick={onChoose}
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
