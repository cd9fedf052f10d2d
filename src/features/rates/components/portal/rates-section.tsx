"use client";

import { BadgeDollarSign, MessageSquare } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatCents, formatCentsWhole, formatDate } from "@/lib/format";
import type { PortalRate } from "@/features/rates/server";
import { sectionHref } from "@/components/portal/portal-sections-config";
import { SectionHeading } from "@/components/portal/section-heading";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";

/** Whole dollars when there are no cents ("$325"), else the exact amount ("$325.50"). */
const money = (cents: number) => (cents % 100 === 0 ? formatCentsWhole(cents) : formatCents(cents));

/** Where Request Custom Quote leads: the booking form, prefilled for a rate quote. */
export const CUSTOM_QUOTE_PARAMS = { tab: "custom", service: "Other", quote: "rates" } as const;

export function RatesSection({ rates, isDefault }: { rates: PortalRate[]; isDefault: boolean }) {
  const { linkHandler } = usePortalNavigation();
  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading
        title="Contracting Rates"
        description={
          isDefault
            ? "Our standard rates. Your account manager can agree rates specific to your account."
            : "The rates agreed for your account."
        }
      />
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {rates.map((rate) => (
          <li key={rate.id}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold">{rate.serviceType}</h2>
                <BadgeDollarSign className="h-6 w-6 shrink-0 text-accent" aria-hidden />
              </div>
              <p>
                <span className="text-3xl font-bold">{money(rate.hourlyRateCents)}</span>
                <span className="text-muted"> / hour</span>
              </p>
              {rate.monthlyRetainerCents !== null ? (
                <p className="text-sm">
                  Monthly retainer: <span className="font-semibold">{money(rate.monthlyRetainerCents)}</span>
                </p>
              ) : null}
              {rate.discountTier ? (
                <p>
                  <span className="inline-flex rounded-full border border-emerald-500/40 bg-emerald-500/10 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">
                    {rate.discountTier} discount tier
                  </span>
                </p>
              ) : null}
              {rate.description ? <p className="text-sm text-muted">{rate.description}</p> : null}
              {rate.effectiveFrom ? <p className="mt-auto text-xs text-muted">Effective from {formatDate(rate.effectiveFrom)}</p> : null}
            </Card>
          </li>
        ))}
      </ul>

      <Card className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <MessageSquare className="mt-0.5 h-6 w-6 shrink-0 text-accent" aria-hidden />
          <div>
            <h2 className="font-semibold">Need a Custom Rate?</h2>
            <p className="text-sm text-muted">
              Long engagements, bundled services or a retainer that fits your team: tell us what you need and we will send a quote.
            </p>
          </div>
        </div>
        <a
          href={sectionHref("book-service", CUSTOM_QUOTE_PARAMS)}
          onClick={linkHandler("book-service", CUSTOM_QUOTE_PARAMS)}
          className={buttonClasses("primary", "md", "shrink-0")}
        >
          Request Custom Quote
        </a>
      </Card>
    </section>
  );
}
