import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDate } from "@/lib/format";
import { OVERAGE_REQUEST_STATUS_LABELS, OVERAGE_REQUEST_STATUS_TONES, overagePrice } from "@/lib/domain/retainer";
import { formatHours } from "@/lib/retainer-period";
import type { RetainerView } from "@/features/retainers/server";
import { RetainerBurndown, RetainerEntries, RetainerHistory } from "../retainer-burndown";
import { SectionHeading } from "@/components/portal/section-heading";
import { LazyOverageDecision } from "./lazy-overage-decision";

/**
 * The portal's Retainer section (docs/PRODUCT.md#retainer-hours), rendered on the server: the
 * month's burn-down, the overage requests (an owner decides them), the entries and the history.
 */
export function RetainerSection({ view, isOwner, readOnly }: { view: RetainerView; isOwner: boolean; readOnly: boolean }) {
  const pending = view.requests.filter((r) => r.status === "pending");
  return (
    <section aria-labelledby="portal-section-heading" className="space-y-6">
      <SectionHeading
        title={view.retainer.name}
        description={`${formatHours(view.retainer.monthlyMinutes)} a month since ${formatDate(view.retainer.startDate)}`}
        aside={
          <a href="/api/client/retainer/export" className={buttonClasses("secondary", "sm")} download>
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </a>
        }
      />
      <Card>
        <h2 className="mb-3 text-lg font-semibold">This month</h2>
        <RetainerBurndown month={view.current} />
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">Overage requests</h2>
        {view.requests.length === 0 ? (
          <p className="text-sm text-muted">No overage requests.</p>
        ) : (
          <ul className="space-y-3">
            {view.requests.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-800 p-3" data-testid="overage-request">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  {/* A heading: focus lands here when the decision removes its buttons. */}
                  <h3 className="font-medium">
                    {formatHours(r.minutes)} on {r.project}, {formatDate(r.workDate)}
                  </h3>
                  <StatusBadge
                    value={r.status}
                    label={OVERAGE_REQUEST_STATUS_LABELS[r.status]}
                    tone={OVERAGE_REQUEST_STATUS_TONES[r.status]}
                  />
                </div>
                <p className="text-sm text-muted">
                  {r.person}: {r.description}
                </p>
                <p className="text-sm" data-testid="overage-price">
                  {overagePrice({ minutes: r.minutes, rateCents: view.retainer.overageRateCents, workDate: r.workDate })}
                </p>
                {r.decidedAt ? (
                  <p className="text-xs text-muted">
                    {OVERAGE_REQUEST_STATUS_LABELS[r.status]} by {r.decidedByName} on {formatDate(r.decidedAt)}
                  </p>
                ) : null}
                {isOwner && !readOnly ? (
                  // Mounted for decided requests too, so its "Overage approved." outlives the buttons.
                  <LazyOverageDecision
                    requestId={r.id}
                    label={`${formatHours(r.minutes)} on ${r.project}`}
                    price={overagePrice({ minutes: r.minutes, rateCents: view.retainer.overageRateCents, workDate: r.workDate })}
                    pending={r.status === "pending"}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {pending.length > 0 && !isOwner ? (
          <p className="mt-3 text-sm text-muted">An owner of your company approves or declines overage.</p>
        ) : null}
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">Entries this month</h2>
        <RetainerEntries entries={view.entries} />
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-semibold">History</h2>
        <RetainerHistory months={view.months} />
      </Card>
    </section>
  );
}
