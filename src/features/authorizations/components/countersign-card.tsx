"use client";

import { PenLine } from "@/components/ui/sprite-icon";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import type { AuthorizationToCountersign } from "@/features/authorizations/server";

// The Authorization dialog (the document, its draft form and the signature form with their
// validation) loads when a row is opened, not with the dashboard; its empty fallback is the
// dialog's own Suspense boundary, so loading it never blanks the card.
const ProjectAuthorizationDialog = dynamic(() => import("./project-authorization-button").then((m) => m.ProjectAuthorizationDialog), {
  loading: () => null,
});

const HEADING = "countersign-heading";

/** An authorization waiting for the firm as the page hands it over (the time as ISO text). */
export type CountersignView = Omit<AuthorizationToCountersign, "signedAt"> & { signedAt: string };

/**
 * The admin Dashboard's **Authorizations to counter-sign** (docs/PRODUCT.md#admin-dashboard): what
 * the client signed and waits for the firm, each opening the engagement's Authorization dialog,
 * where the firm counter-signs. Closing the dialog reads the list again, so a counter-signed one goes.
 */
export function CountersignCard({ waiting }: { waiting: CountersignView[] }) {
  const router = useRouter();
  const [open, setOpen] = useState<CountersignView | null>(null);
  const closed = useRef(false);
  // The dialog hands focus back to its row's button, which the fresh list no longer has once the
  // firm counter-signed: then focus goes to the card's heading rather than falling to the page.
  useEffect(() => {
    if (!closed.current) return;
    closed.current = false;
    const heading = document.getElementById(HEADING);
    if (heading && !heading.closest("[role=region]")?.contains(document.activeElement)) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [waiting]);
  return (
    <DashboardCard
      headingId={HEADING}
      icon={PenLine}
      title="Authorizations to counter-sign"
      badge={
        waiting.length > 0 ? (
          <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-300">{waiting.length}</span>
        ) : null
      }
    >
      {waiting.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No authorization waits for the firm&apos;s counter-signature.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {waiting.map((item) => (
            <li key={item.authorizationId} className="rounded-lg border border-slate-800 bg-slate-900/60 p-3">
              <p className="break-words font-medium">{item.projectName}</p>
              <p className="break-words text-sm text-muted">
                {item.company} · version {item.version} signed by {item.signerName} ({item.signerEmail}) on {formatDateTime(item.signedAt)}
              </p>
              <Button
                size="sm"
                className="mt-3"
                onClick={() => setOpen(item)}
                aria-label={`Counter-sign ${item.projectName} for ${item.company}`}
              >
                Counter-sign
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <ProjectAuthorizationDialog
          project={{ id: open.projectId, projectName: open.projectName }}
          onClose={() => {
            closed.current = true;
            setOpen(null);
            router.refresh();
          }}
        />
      ) : null}
    </DashboardCard>
  );
}
