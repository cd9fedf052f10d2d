import { type ReactNode, Suspense } from "react";
import { HydrationPendingMark } from "@/components/hydration-marker";
import { siteConfig } from "@/config/site";
import type { PortalSectionData } from "@/features/portal/server";
import { PortalSections } from "./portal-sections";
import type { PortalSection } from "@/components/portal/portal-sections-config";
import { OverviewPlaceholder } from "./overview-placeholder";
import { PortalShell } from "./portal-shell";
import { PortalLoadError, PortalLoading } from "./portal-status";

/**
 * The signed-in client's portal. The page has checked the session and started loading the data;
 * the header shows at once while the section's data streams in behind 'Loading your data...', or,
 * on the Overview, behind its heading and its cards' places (`overviewGreeting`).
 */
export function ClientPortal({
  email,
  data,
  billingChart,
  findings,
  retainer,
  projectView,
  invoiceView,
  unreadMessages,
  viewingAs,
  hiddenSections = [],
  overviewGreeting,
}: {
  email: string;
  data: Promise<PortalSectionData>;
  billingChart?: ReactNode;
  /** The Findings section, rendered on the server (docs/PRODUCT.md#portal-findings). */
  findings?: ReactNode;
  /** The Retainer section, rendered on the server (docs/PRODUCT.md#retainer-hours). */
  retainer?: ReactNode;
  /** A project of the client opened from Projects (docs/PRODUCT.md#portal-project-view), rendered on the server. */
  projectView?: ReactNode;
  /** An invoice of the client opened from Billing (docs/PRODUCT.md#invoice-page), read on the server. */
  invoiceView?: ReactNode;
  /** The person's unread messages, for the sidebar's Messages entry (shown when it arrives). */
  unreadMessages?: Promise<number>;
  viewingAs?: string;
  /** Sections this person may not open (Billing withheld from a member). */
  hiddenSections?: PortalSection[];
  /** On the Overview: whom its greeting names, so its heading goes out before its figures. */
  overviewGreeting?: { personName: string; company: string };
}) {
  return (
    <PortalShell
      brand={siteConfig.name}
      email={email}
      viewingAs={viewingAs}
      hiddenSections={hiddenSections}
      unreadMessages={unreadMessages}
    >
      {/* The section's code loads after the page's own (PortalSections): the page reports itself
          ready (HydrationMarker) only once the section has arrived and hydrated. */}
      <Suspense
        fallback={
          <>
            {overviewGreeting ? <OverviewPlaceholder {...overviewGreeting} /> : <PortalLoading />}
            <HydrationPendingMark />
          </>
        }
      >
        <PortalData
          data={data}
          billingChart={billingChart}
          findings={findings}
          retainer={retainer}
          projectView={projectView}
          invoiceView={invoiceView}
          readOnly={viewingAs !== undefined}
        />
      </Suspense>
    </PortalShell>
  );
}

/** The sections once the data has arrived, or the load-error state. Exported for the error-state test. */
export async function PortalData({
  data,
  billingChart,
  findings,
  retainer,
  projectView,
  invoiceView,
  readOnly = false,
}: {
  data: Promise<PortalSectionData>;
  billingChart?: ReactNode;
  findings?: ReactNode;
  retainer?: ReactNode;
  projectView?: ReactNode;
  invoiceView?: ReactNode;
  readOnly?: boolean;
}) {
  let loaded;
  try {
    loaded = await data;
  } catch (error) {
    console.error("[portal] loading client data failed:", error);
    return <PortalLoadError />;
  }
  return (
    <PortalSections
      data={loaded}
      billingChart={billingChart}
      findings={findings}
      retainer={retainer}
      projectView={projectView}
      invoiceView={invoiceView}
      readOnly={readOnly}
    />
  );
}
