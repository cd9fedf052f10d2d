import { Card } from "@/components/ui/card";
import { OutcomeScope } from "@/components/ui/outcome-scope";
import type { ProjectStatus } from "@/lib/domain/project-status";
import type { RetainerView } from "@/features/retainers/server";
import { RetainerBurndown, RetainerEntries } from "../retainer-burndown";
import { CloseMonthButton } from "./close-month-button";
import { RetainerTermsForm } from "./retainer-terms-form";
import { TimeEntryForm } from "./time-entry-form";

/** The client page's Retainer card (docs/PRODUCT.md#retainer-hours): terms, this month, logging time, closing a month. */
export function RetainerCard({
  clientId,
  view,
  projects,
  today,
}: {
  clientId: string;
  view: RetainerView | null;
  projects: { id: string; name: string; status: ProjectStatus }[];
  today: string;
}) {
  const open = view?.months.filter((m) => !m.closed || !m.invoiceId) ?? [];
  return (
    <Card className="max-w-3xl space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Retainer</h2>
        <p className="mt-1 text-sm text-muted">
          Hours a month, logged in quarter hours; billable time past the budget waits for an owner&apos;s approval.
        </p>
      </div>
      {view ? <RetainerBurndown month={view.current} /> : null}
      {/* The two forms share one message, shown under the button pressed: a newer one replaces the older. */}
      <OutcomeScope>
        <RetainerTermsForm clientId={clientId} terms={view?.retainer ?? null} today={today} />
        {view ? <TimeEntryForm clientId={clientId} projects={projects} today={today} /> : null}
      </OutcomeScope>
      {view ? (
        <>
          <div className="space-y-2">
            <h3 className="font-semibold">Entries this month</h3>
            <RetainerEntries entries={view.entries} />
          </div>
          <div className="space-y-2">
            <h3 className="font-semibold">Close a month</h3>
            <p className="text-sm text-muted">Closing bills the month at Square (one invoice) and makes its entries read only.</p>
            <CloseMonthButton clientId={clientId} months={open.map((m) => m.month.slice(0, 7))} />
          </div>
        </>
      ) : null}
    </Card>
  );
}
