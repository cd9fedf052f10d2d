"use client";

import { useState } from "react";
import { setBillingWithheldAction, setFindingsWithheldAction, setReportsWithheldAction } from "@/features/clients/actions/portal";
import { Card } from "@/components/ui/card";
import { Toast, useToast } from "@/components/ui/toast";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import { cn } from "@/lib/cn";

type SwitchProps = { withheld: boolean; readOnly: boolean };

/** Billing (docs/PRODUCT.md#portal-team): members see neither Billing nor the invoice export. Off by default. */
export const BillingWithheldSwitch = (props: SwitchProps) => (
  <WithheldSwitch
    {...props}
    id="billing-withheld-label"
    title="Billing for members"
    description="When on, members see neither Billing nor the invoice export; owners always do."
    label="Hide Billing from members"
    action={setBillingWithheldAction}
    said={(on) => (on ? "Billing is now hidden from members." : "Members can see Billing again.")}
  />
);

/** Reports (docs/PRODUCT.md#portal-team): members neither see, download nor share the reports and evidence packs. Off by default. */
export const ReportsWithheldSwitch = (props: SwitchProps) => (
  <WithheldSwitch
    {...props}
    id="reports-withheld-label"
    title="Reports for members"
    description="When on, members neither see nor download the engagement reports and evidence packs, and cannot share them; owners always can."
    label="Hide reports from members"
    action={setReportsWithheldAction}
    said={(on) => (on ? "Reports are now hidden from members." : "Members can see reports again.")}
  />
);

/** Findings (docs/PRODUCT.md#portal-team): members see neither the findings, their analytics nor their exports, and get no finding mails. Off by default. */
export const FindingsWithheldSwitch = (props: SwitchProps) => (
  <WithheldSwitch
    {...props}
    id="findings-withheld-label"
    title="Findings for members"
    description="When on, members see neither the findings, their analytics nor their exports; owners always do."
    label="Hide findings from members"
    action={setFindingsWithheldAction}
    said={(on) => (on ? "Findings are now hidden from members." : "Members can see findings again.")}
  />
);

/** One owners' switch that withholds a part of the portal from members. */
function WithheldSwitch({
  withheld,
  readOnly,
  id,
  title,
  description,
  label,
  action,
  said,
}: SwitchProps & {
  id: string;
  title: string;
  description: string;
  label: string;
  action: (input: { withheld: boolean }) => Promise<ChangeResult<{ withheld: boolean }>>;
  said: (on: boolean) => string;
}) {
  const { toast, show } = useToast();
  const [on, setOn] = useState(withheld);
  const { isBusy, run } = useChange((message, tone) => show(message, tone === "error" ? 6000 : 4000, tone));
  const toggle = () =>
    run("toggle", () => action({ withheld: !on }), {
      done: (data) => {
        setOn(data.withheld);
        return said(data.withheld);
      },
    });
  return (
    <Card className="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{description}</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          disabled={readOnly || isBusy}
          onClick={toggle}
          className="inline-flex items-center gap-2 rounded-md px-1 text-sm text-muted hover:text-foreground disabled:opacity-60"
        >
          <span
            className={cn("relative inline-block h-5 w-9 rounded-full transition-colors", on ? "bg-accent-strong" : "bg-slate-700")}
            aria-hidden
          >
            <span className={cn("absolute top-0.5 h-4 w-4 rounded-full bg-white transition-all", on ? "left-[1.125rem]" : "left-0.5")} />
          </span>
          {/* Named by what turning it on does, so the words never contradict the switch's position. */}
          <span>{label}</span>
        </button>
      </div>
      <Toast toast={toast} />
    </Card>
  );
}
