"use client";

import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { setClientTwoFactorPolicyAction } from "@/features/settings/actions/admin";
import { DashboardCard } from "@/components/admin/dashboard-card";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { cn } from "@/lib/cn";

/**
 * Settings → Security policy (docs/PRODUCT.md#admin-settings): two-factor for every client
 * company, on top of each company's own switch; the admins' requirement is fixed and only shown.
 */
export function SecurityPolicyCard({ required }: { required: boolean }) {
  const { toast, show } = useToast();
  const [on, setOn] = useState(required);
  const { isBusy, run } = useChange<"toggle">((message, tone) => show(message, tone === "error" ? 6000 : 5000, tone));

  const toggle = () =>
    run("toggle", () => setClientTwoFactorPolicyAction({ required: !on }), {
      done: (data) => {
        setOn(data.required);
        return data.required
          ? "Every client's people must now use two-factor sign-in."
          : "Two-factor sign-in is up to each client company again.";
      },
    });

  return (
    <DashboardCard headingId="settings-security" icon={ShieldCheck} title="Security policy">
      <div className="mt-4 space-y-4 text-sm">
        <div className="flex flex-wrap items-start gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-describedby="settings-security-clients"
            disabled={isBusy}
            onClick={toggle}
            className="inline-flex items-center gap-2 rounded-md font-medium disabled:opacity-60"
          >
            <span
              className={cn(
                "relative inline-block h-5 w-9 shrink-0 rounded-full transition-colors",
                on ? "bg-accent-strong" : "bg-slate-700",
              )}
              aria-hidden
            >
              <span className={cn("absolute top-0.5 h-4 w-4 rounded-full bg-white transition-all", on ? "left-[1.125rem]" : "left-0.5")} />
            </span>
            Require two-factor for every client company
          </button>
          <p id="settings-security-clients" className="basis-full text-muted">
            {on
              ? "On: every person of every client company must set up two-factor sign-in before they can use the portal."
              : 'Off: each company\'s own "Require 2FA" switch on Clients decides.'}
          </p>
        </div>
        <div>
          <p className="font-medium">Admins</p>
          <p className="text-muted">Two-factor sign-in is always required of admins. This cannot be changed.</p>
        </div>
      </div>
      <Toast toast={toast} />
    </DashboardCard>
  );
}
