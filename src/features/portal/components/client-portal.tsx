import { type ReactNode, Suspense } from "react";
import { HydrationPendingMark } from "@/components/hydration-marker";
import { siteConfig } from "@/config/site";
import type { PortalSectionData } from "@/features/portal/server";
import { PortalSections } from "./portal-sections";
import type { PortalSection } from "./portal-sections-config";
import { PortalShell } from "./portal-shell";
import { PortalLoadError, PortalLoading } from "./portal-status";

/**
 * The signed-in client's portal. The page has checked the session and started loading the data;
 * the header shows at once while the section's data streams in behind 'Loading your data...'.
 */
export function ClientPortal({
  email,
  data,
  billingChart,
  findings,
  viewingAs,
  hiddenSections = [],
}: {
  email: string;
  data: Promise<PortalSectionData>;
  billingChart?: ReactNode;
  /** The Findings section, rendered on the server (docs/PRODUCT.md#portal-findings). */
  findings?: ReactNode;
  viewingAs?: string;
  /** Sections this person may not open (Billing withheld from a member). */
  hiddenSections?: PortalSection[];
}) {
  return (
    <PortalShell brand={siteConfig.name} email={email} viewingAs={viewingAs} hiddenSections={hiddenSections}>
      {/* The section's code loads after the page's own (PortalSections): the page reports itself
          ready (HydrationMarker) only once the section has arrived and hydrated. */}
      <Suspense
        fallback={
          <>
            <PortalLoading />
            <HydrationPendingMark />
          </>
        }
      >
        <PortalData data={data} billingChart={billingChart} findings={findings} readOnly={viewingAs !== undefined} />
      </Suspense>
    </PortalShell>
  );
}

/** The sections once the data has arrived, or the load-error state. Exported for the error-state test. */
export async function PortalData({
  data,
  billingChart,
  findings,
  readOnly = false,
}: {
  data: Promise<PortalSectionData>;
  billingChart?: ReactNode;
  findings?: ReactNode;
  readOnly?: boolean;
}) {
  let loaded;
  try {
    loaded = await data;
  } catch (error) {
    console.error("[portal] loading client data failed:", error);
    return <PortalLoadError />;
  }
  return <PortalSections data={loaded} billingChart={billingChart} findings={findings} readOnly={readOnly} />;
}
