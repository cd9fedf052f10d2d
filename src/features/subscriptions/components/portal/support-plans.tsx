"use client";

import { Check, Clock, Crown, Info, XCircle } from "lucide-react";
import { useState } from "react";
import { cancelSubscription, subscribeToPlan, switchPlan } from "@/features/subscriptions/actions/portal";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useChange } from "@/components/ui/use-change";
import { cn } from "@/lib/cn";
import { formatCents, formatCentsWhole, formatDate } from "@/lib/format";
import { PlanChangeDialog, type PlanChange } from "./plan-change-dialog";
import type { PortalPlanRequest, PortalSubscription, PortalTier } from "@/features/subscriptions/server";
import { useTimedValue } from "@/features/portal/components/use-timed-value";

/** A plan change's message shows for 5 seconds (docs/PRODUCT.md#portal-book-service). */
export const CHECKOUT_NOTICE_MS = 5000;

type Notice = { tone: "success" | "error"; text: string };

const SUBSCRIPTION_NOTES = [
  "Billed monthly, in advance",
  "Cancel at the end of any period",
  "Secure payment processing",
  "Switch plan from your next billing date",
];

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
  /** Owners switch and end the company's plan (a member is told to ask one; the server refuses them too). */
  canManage?: boolean;
}) {
  const [notice, showNotice] = useTimedValue<Notice>(CHECKOUT_NOTICE_MS);
  const { isBusy, running, run } = useChange<string>((text, tone) => showNotice({ text, tone }));
  const [change, setChange] = useState<PlanChange | null>(null);
  const pending = planRequest?.status === "pending" ? planRequest : null;
  const close = () => setChange(null);
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
                {subscription.currentPeriodEnd
                  ? subscription.cancelAtPeriodEnd
                    ? ` · Ends ${formatDate(subscription.currentPeriodEnd)}, not billed again`
                    : ` · Next billing ${formatDate(subscription.currentPeriodEnd)}`
                  : ""}
              </p>
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
          ) : (
            <Button
              size="sm"
              variant="secondary"
              className="self-start sm:self-auto"
              onClick={() => setChange({ kind: "cancel", subscription })}
              disabled={isBusy}
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

      <div aria-live="polite" className="empty:hidden">
        {notice ? <Alert tone={notice.tone === "error" ? "error" : "info"}>{notice.text}</Alert> : null}
      </div>

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
                busy={running === `subscribe-${tier.id}` || running === `switch-${tier.id}`}
                disabled={isBusy}
                onChoose={() => setChange(subscription ? { kind: "switch", tier, subscription } : { kind: "subscribe", tier })}
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
  canManage,
  busy,
  disabled,
  onChoose,
}: {
  tier: PortalTier;
  subscription: PortalSubscription | null;
  waiting: boolean;
  readOnly: boolean;
  canManage: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const isCurrent = subscription?.tierId === tier.id;
  const isNext = subscription?.nextTier?.id === tier.id;
  // With a plan, another tier is a switch: an owner's decision, not possible once the plan is ending.
  const switchBlocked = subscription !== null && (!canManage || subscription.cancelAtPeriodEnd || isNext);
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
        ) : readOnly ? null : subscription ? (
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
