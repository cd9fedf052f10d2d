"use client";

import { ArrowDown, ArrowUp, Package, Plus } from "lucide-react";
import { useState } from "react";
import { moveSupportPlanAction, retireSupportPlanAction } from "@/features/subscriptions/actions/admin";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Button } from "@/components/ui/button";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { formatCents } from "@/lib/format";
import type { AdminPlan } from "@/features/subscriptions/server";
import { PlanFormDialog } from "./plan-form-dialog";

/** Settings → Support plans (docs/PRODUCT.md#admin-settings): what Book Service offers, in its order. */
export function SupportPlansCard({ plans }: { plans: AdminPlan[] }) {
  const { toast, show } = useToast();
  const notify = (message: string, tone: "success" | "error") => show(message, tone === "error" ? 6000 : 4000, tone);
  const { isBusy, running, run } = useChange<string>(notify);
  const [editing, setEditing] = useState<AdminPlan | "new" | null>(null);
  const offered = plans.filter((p) => !p.retired);

  return (
    <DashboardCard
      headingId="settings-plans"
      icon={Package}
      title="Support plans"
      badge={
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="h-4 w-4" aria-hidden />
          New plan
        </Button>
      }
    >
      <p className="mt-1 text-sm text-muted">
        Offered in the portal&apos;s Book Service in this order. A retired plan keeps its subscribers.
      </p>
      {plans.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No support plans yet. Clients see none in Book Service until you create one.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800">
          {plans.map((plan) => {
            const at = offered.indexOf(plan);
            return (
              <li key={plan.id} data-plan={plan.name} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium">
                    {plan.name}
                    {plan.highlighted ? <span className="ml-2 text-xs font-semibold text-accent">Highlighted</span> : null}
                    {plan.retired ? <span className="ml-2 text-xs font-semibold text-muted">Retired</span> : null}
                  </p>
                  <p className="text-sm text-muted">
                    {formatCents(plan.monthlyPriceCents)}/month · {plan.features.length}{" "}
                    {plan.features.length === 1 ? "feature" : "features"} · {plan.subscriberCount}{" "}
                    {plan.subscriberCount === 1 ? "subscriber" : "subscribers"}
                    {plan.squarePlanVariationId ? " · Square linked" : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1">
                  {plan.retired ? null : (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Move ${plan.name} up`}
                        disabled={isBusy || at === 0}
                        onClick={() => run(`up-${plan.id}`, () => moveSupportPlanAction({ planId: plan.id, direction: "up" }))}
                      >
                        <ArrowUp className="h-4 w-4" aria-hidden />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Move ${plan.name} down`}
                        disabled={isBusy || at === offered.length - 1}
                        onClick={() => run(`down-${plan.id}`, () => moveSupportPlanAction({ planId: plan.id, direction: "down" }))}
                      >
                        <ArrowDown className="h-4 w-4" aria-hidden />
                      </Button>
                    </>
                  )}
                  <Button size="sm" variant="secondary" aria-label={`Edit ${plan.name}`} disabled={isBusy} onClick={() => setEditing(plan)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={plan.retired ? `Offer again: ${plan.name}` : `Retire ${plan.name}`}
                    disabled={isBusy}
                    onClick={() =>
                      run(`retire-${plan.id}`, () => retireSupportPlanAction({ planId: plan.id, retired: !plan.retired }), {
                        done: () => (plan.retired ? `Plan ${plan.name} is offered again` : `Plan ${plan.name} retired`),
                      })
                    }
                  >
                    {running === `retire-${plan.id}` ? "Saving..." : plan.retired ? "Offer again" : "Retire"}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <PlanFormDialog
          plan={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => notify(message, "success")}
        />
      ) : null}
      <Toast toast={toast} />
    </DashboardCard>
  );
}
