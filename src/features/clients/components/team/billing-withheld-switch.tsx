"use client";

import { useState } from "react";
import { setBillingWithheldAction } from "@/features/clients/actions/portal";
import { Card } from "@/components/ui/card";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { cn } from "@/lib/cn";

/** The owners' switch (docs/PRODUCT.md#portal-team): members see neither Billing nor the invoice export. Off by default. */
export function BillingWithheldSwitch({ withheld, readOnly }: { withheld: boolean; readOnly: boolean }) {
  const { toast, show } = useToast();
  const [on, setOn] = useState(withheld);
  const { isBusy, run } = useChange((message, tone) => show(message, tone === "error" ? 6000 : 4000, tone));
  const toggle = () =>
    run("toggle", () => setBillingWithheldAction({ withheld: !on }), {
      done: (data) => {
        setOn(data.withheld);
        return data.withheld ? "Billing is now hidden from members." : "Members can see Billing again.";
      },
    });
  return (
    <Card className="max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="billing-withheld-label" className="text-lg font-semibold">
            Billing for members
          </h2>
          <p className="mt-1 text-sm text-muted">When on, members see neither Billing nor the invoice export; owners always do.</p>
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
          <span>Hide Billing from members</span>
        </button>
      </div>
      <Toast toast={toast} />
    </Card>
  );
}
