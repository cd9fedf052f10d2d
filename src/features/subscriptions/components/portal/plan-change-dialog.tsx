"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatCents, formatCentsWhole, formatDate } from "@/lib/format";
import type { PortalSubscription, PortalTier } from "@/features/subscriptions/server";

/** What the client is about to do with its plan; each asks first, naming the price and the date. */
export type PlanChange =
  | { kind: "subscribe"; tier: PortalTier }
  | { kind: "switch"; tier: PortalTier; subscription: PortalSubscription }
  | { kind: "cancel"; subscription: PortalSubscription };

const price = (cents: number) => (cents % 100 === 0 ? formatCentsWhole(cents) : formatCents(cents));

/** The dialog's title, text and buttons for a change (docs/PRODUCT.md#portal-book-service). */
export function planChangeTexts(change: PlanChange, today: string): { title: string; body: string; confirm: string; keep: string } {
  if (change.kind === "subscribe")
    return {
      title: `Subscribe to the ${change.tier.tierName} plan?`,
      body: `${price(change.tier.monthlyPriceCents)}/month, billed monthly in advance, starting ${formatDate(today)} (or the day we confirm your request). You can cancel at the end of any period.`,
      confirm: "Subscribe",
      keep: "Not now",
    };
  const end = change.subscription.currentPeriodEnd;
  if (change.kind === "switch")
    return {
      title: `Switch to the ${change.tier.tierName} plan?`,
      body: `From ${end ? formatDate(end) : "your next billing date"}, you are billed ${price(change.tier.monthlyPriceCents)}/month instead of ${price(change.subscription.monthlyPriceCents)}/month. Your ${change.subscription.tierName} plan stays until then.`,
      confirm: "Switch plan",
      keep: "Keep current plan",
    };
  return {
    title: `Cancel the ${change.subscription.tierName} plan?`,
    body: `Your plan (${price(change.subscription.monthlyPriceCents)}/month) stays active until ${end ? formatDate(end) : "the end of its period"} and is not billed again after that. You can subscribe again at any time.`,
    confirm: "Cancel plan",
    keep: "Keep plan",
  };
}

export function PlanChangeDialog({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  change: PlanChange;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  // Shown only after a click, so the browser's date cannot differ from a server render.
  const texts = planChangeTexts(change, new Date().toISOString().slice(0, 10));
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={texts.title}>
      <p className="text-sm text-muted">{texts.body}</p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {texts.keep}
        </Button>
        <Button disabled={busy} onClick={onConfirm}>
          {busy ? "Saving..." : texts.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
