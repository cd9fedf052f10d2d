"use client";

import { type ReactNode, useEffect, useRef } from "react";
import type { PortalSectionData } from "@/server/modules/portal";
import { BillingSection } from "./billing-section";
import { BookServiceSection } from "./book-service-section";
import { DocumentsSection } from "./documents-section";
import { MessagesSection } from "./messages-section";
import { OverviewSection } from "./overview-section";
import { ProjectsSection } from "./projects-section";
import { RatesSection } from "./rates-section";
import { SECTION_HEADING_ID, SectionHeading } from "./section-heading";
import { SettingsSection } from "./settings-section";

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
  readOnly = false,
}: {
  data: PortalSectionData;
  billingChart?: ReactNode;
  /** The Findings section, rendered on the server (its Markdown too) and handed in ready-made. */
  findings?: ReactNode;
  readOnly?: boolean;
}) {
  const { section } = data;
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
  }, [section]);

  switch (data.section) {
    case "projects":
      return <ProjectsSection projects={data.projects} />;
    case "billing":
      // Withheld from this member by the owners: the server sent none of it.
      if (!data.billing) return <BillingWithheld />;
      return <BillingSection billing={data.billing} invoices={data.invoices} chart={billingChart} />;
    case "rates":
      return <RatesSection rates={data.rates.rates} isDefault={data.rates.isDefault} />;
    case "settings":
      return (
        <SettingsSection
          profile={data.profile}
          security={data.security}
          notifications={data.notifications}
          team={data.team}
          readOnly={readOnly}
        />
      );
    case "book-service":
      return <BookServiceSection data={data} readOnly={readOnly} />;
    case "documents":
      return <DocumentsSection documents={data.documents} />;
    case "messages":
      return <MessagesSection data={data} readOnly={readOnly} />;
    case "findings":
      return findings ?? null;
    case "overview":
      return <OverviewSection data={data} />;
  }
}
