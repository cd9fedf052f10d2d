import { Suspense } from "react";
import { siteConfig } from "@/config/site";
import type { ClientActor } from "@/server/auth/session";
import { loadClientPortal } from "@/server/data/portal-load";
import { getDb } from "@/server/db/client";
import { PortalSections } from "./portal-sections";
import { PortalShell } from "./portal-shell";
import { PortalLoadError, PortalLoading } from "./portal-status";

/**
 * The signed-in client's portal. The page has already checked the session and passes the actor;
 * the header shows at once while every section's data streams in behind 'Loading your data...'.
 */
export function ClientPortal({ actor }: { actor: ClientActor }) {
  return (
    <PortalShell brand={siteConfig.name} email={actor.email}>
      <Suspense fallback={<PortalLoading />}>
        <PortalData actor={actor} />
      </Suspense>
    </PortalShell>
  );
}

/** Exported for the error-state test. */
export async function PortalData({ actor }: { actor: ClientActor }) {
  let data;
  try {
    data = await loadClientPortal(getDb(), { actor });
  } catch (error) {
    console.error("[portal] loading client data failed:", error);
    return <PortalLoadError />;
  }
  return <PortalSections data={data} />;
}
