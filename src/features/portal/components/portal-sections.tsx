"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { type ReactNode, useEffect, useRef } from "react";
import { HydrationPending, pendingUntilHydrated } from "@/components/hydration-marker";
import type { PortalSectionData } from "@/features/portal/server";
import { SECTION_HEADING_ID, SectionHeading } from "@/components/portal/section-heading";

// Each section's code is a chunk of its own: a page loads the code of the section in view only
// (the server renders it and has the browser preload its chunk), not the forms, dialogs and
// validation of the other eight (bench/README.md, "What keeps the path fast").
const OverviewSection = dynamic(() => import("./overview-section").then((m) => pendingUntilHydrated(m.OverviewSection)));
const ProjectsSection = dynamic(() =>
  import("@/features/projects/components/portal/projects-section").then((m) => pendingUntilHydrated(m.ProjectsSection)),
);
const BillingSection = dynamic(() =>
  import("@/features/invoices/components/portal/billing-section").then((m) => pendingUntilHydrated(m.BillingSection)),
);
const RatesSection = dynamic(() =>
  import("@/features/rates/components/portal/rates-section").then((m) => pendingUntilHydrated(m.RatesSection)),
);
const SettingsSection = dynamic(() => import("./settings-section").then((m) => pendingUntilHydrated(m.SettingsSection)));
const BookServiceSection = dynamic(() =>
  import("@/features/bookings/components/portal/book-service-section").then((m) => pendingUntilHydrated(m.BookServiceSection)),
);
const DocumentsSection = dynamic(() =>
  import("@/features/documents/components/portal/documents-section").then((m) => pendingUntilHydrated(m.DocumentsSection)),
);
const MessagesSection = dynamic(() =>
  import("@/features/messages/components/portal/messages-section").then((m) => pendingUntilHydrated(m.MessagesSection)),
);

function BillingWithheld() {
  return (
    <section aria-labelledby="portal-section-heading">
      <SectionHeading title="Billing & Invoices" description="Billing is not available to you. Ask an owner of your company." />
    </section>
  );
}

/**
 * The section the server loaded (the one the URL names) from its data. `readOnly`: an admin
 * viewing the client's portal (docs/PRODUCT.md#admin-view-as-client).
 */
export function PortalSections({
  data,
  billingChart,
  findings,
  retainer,
  projectView,
  invoiceView,
  readOnly = false,
}: {
  data: PortalSectionData;
  billingChart?: ReactNode;
  /** The Findings section, rendered on the server (its Markdown too) and handed in ready-made. */
  findings?: ReactNode;
  /** The Retainer section, rendered on the server and handed in ready-made. */
  retainer?: ReactNode;
  /** The project opened from Projects (`?project=<id>`), rendered on the server. */
  projectView?: ReactNode;
  /** The invoice opened from Billing (`?invoice=<id>`), read on the server. */
  invoiceView?: ReactNode;
  readOnly?: boolean;
}) {
  const { section } = data;
  // A project opened from Projects (an invoice from Billing) is a new view in the same section: it moves focus too.
  const searchParams = useSearchParams();
  const project = searchParams.get("project");
  const invoice = searchParams.get("invoice");
  const isFirstRender = useRef(true);

  // After a switch (not on the first load), move focus to the new section's title and to the
  // top, so keyboard and screen-reader users land on what changed.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.getElementById(SECTION_HEADING_ID)?.focus({ preventScroll: true });
  }, [section, project, invoice]);

  return (
    <>
      <Section
        data={data}
        billingChart={billingChart}
        findings={findings}
        retainer={retainer}
        projectView={projectView}
        invoiceView={invoiceView}
        readOnly={readOnly}
      />
      {/* The page reports itself ready (HydrationMarker) once this section's code has hydrated. */}
      <HydrationPending />
    </>
  );
}

function Section({
  data,
  billingChart,
  findings,
  retainer,
  projectView,
  invoiceView,
  readOnly,
}: {
  data: PortalSectionData;
  billingChart?: ReactNode;
  findings?: ReactNode;
  retainer?: ReactNode;
  projectView?: ReactNode;
  invoiceView?: ReactNode;
  readOnly: boolean;
}) {
  switch (data.section) {
    case "projects":
      return projectView ?? <ProjectsSection projects={data.projects} />;
    case "billing":
      // Withheld from this member by the owners: the server sent none of it.
      if (!data.billing) return <BillingWithheld />;
      if (invoiceView) return invoiceView;
      return (
        <BillingSection billing={data.billing} invoices={data.invoices} payable={data.payable} chart={billingChart} readOnly={readOnly} />
      );
    case "rates":
      return <RatesSection rates={data.rates.rates} isDefault={data.rates.isDefault} />;
    case "settings":
      return <SettingsSection tabs={data.tabs} settings={data.settings} readOnly={readOnly} />;
    case "book-service":
      return <BookServiceSection data={data} readOnly={readOnly} />;
    case "documents":
      return <DocumentsSection documents={data.documents} reportsWithheld={data.reportsWithheld} />;
    case "messages":
      return <MessagesSection data={data} readOnly={readOnly} />;
    case "findings":
      return findings ?? null;
    case "retainer":
      return retainer ?? null;
    case "overview":
      return <OverviewSection data={data} />;
  }
}
