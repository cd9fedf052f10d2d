"use client";

import { type ComponentProps, useRef, type KeyboardEvent } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { BookingForm, bookingPrefill } from "./booking-form";
import { BookingRequests } from "./booking-requests";
import { sectionHref } from "@/components/portal/portal-sections-config";
import { SectionHeading } from "@/components/portal/section-heading";
import { SupportPlans } from "@/features/subscriptions/components/portal/support-plans";
import { UpcomingMeetings } from "./upcoming-meetings";
import { usePortalNavigation } from "@/components/portal/use-portal-navigation";

const TABS = [
  { id: "plans", label: "Support Plans" },
  { id: "custom", label: "Custom Project" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export function BookServiceSection({
  data,
  readOnly = false,
}: {
  /** What the portal's loader reads for the section (src/features/portal/server/portal-load.ts); `team` is read for owners only. */
  data: Pick<ComponentProps<typeof SupportPlans>, "tiers" | "subscription" | "planRequest"> & {
    meetings: ComponentProps<typeof UpcomingMeetings>["meetings"];
    bookings: ComponentProps<typeof BookingRequests>["bookings"];
    team: unknown;
  };
  /** An admin viewing the portal: the requests show, the request form does not. */
  readOnly?: boolean;
}) {
  const { searchParams, navigate, linkHandler } = usePortalNavigation();
  const tab: TabId = searchParams.get("tab") === "custom" ? "custom" : "plans";
  const service = searchParams.get("service");
  const quote = searchParams.get("quote");
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ plans: null, custom: null });

  // The tab is part of the URL too, so a tab can be linked and back/forward restores it.
  const select = (id: TabId) => navigate("book-service", { tab: id });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    const next: TabId = tab === "plans" ? "custom" : "plans";
    select(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="Book New Service" description="Subscribe to a support plan or request a custom project." />
      <UpcomingMeetings meetings={data.meetings} />
      <div
        role="tablist"
        aria-label="Service options"
        onKeyDown={onKeyDown}
        className="mb-6 inline-flex rounded-lg border border-slate-700 bg-surface p-1"
      >
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            ref={(element) => {
              tabRefs.current[id] = element;
            }}
            type="button"
            role="tab"
            id={`book-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`book-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
            className={cn(
              "rounded-md px-4 py-2 text-sm font-medium transition-colors",
              tab === id ? "bg-accent-strong text-slate-950" : "text-muted hover:text-foreground",
            )}
          >
            {label}
          </button>
        ))}
      </div>

      {tab === "plans" ? (
        <div role="tabpanel" id="book-panel-plans" aria-labelledby="book-tab-plans">
          <SupportPlans
            tiers={data.tiers}
            subscription={data.subscription}
            planRequest={data.planRequest}
            readOnly={readOnly}
            canManage={data.team !== null}
          />
        </div>
      ) : (
        <div role="tabpanel" id="book-panel-custom" aria-labelledby="book-tab-custom" className="space-y-6">
          <Card className="max-w-3xl">
            <h2 className="text-lg font-semibold">Request a Custom Project</h2>
            <p className="mb-4 mt-1 text-sm text-muted">
              Tell us about the work; your account manager replies within 24 hours. Agreed rates are on{" "}
              <a href={sectionHref("rates")} onClick={linkHandler("rates")} className="text-accent underline underline-offset-2">
                Contracting Rates
              </a>
              .
            </p>
            {/* Remounts when the link that opened the form changes, so its prefill applies. */}
            {readOnly ? (
              <p className="text-sm text-muted">Requests are made by the client; this view is read only.</p>
            ) : (
              <BookingForm key={`${service ?? ""}|${quote ?? ""}`} prefill={bookingPrefill({ service, quote })} />
            )}
          </Card>
          <div className="max-w-3xl">
            <BookingRequests bookings={data.bookings} />
          </div>
        </div>
      )}
    </section>
  );
}
