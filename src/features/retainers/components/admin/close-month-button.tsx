"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { type Notify, useChange } from "@/components/ui/use-change";
import { Toast, useToast } from "@/components/ui/toast";
import { closeRetainerMonthAction } from "@/features/retainers/actions/admin";

/** Closes a month of the client's retainer: one invoice at Square, the month read only. */
export function CloseMonthButton({ clientId, months }: { clientId: string; months: string[] }) {
  const { toast, show } = useToast();
  const notify: Notify = (message, tone) => show(message, tone === "error" ? 6000 : 3000, tone);
  const { busy, run } = useChange<"close">(notify);
  const [month, setMonth] = useState(months[0] ?? "");
  if (months.length === 0) return <p className="text-sm text-muted">Every month is closed and billed.</p>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Toast toast={toast} />
      <Field id="retainer-close-month" label="Month">
        <Select id="retainer-close-month" value={month} onChange={(e) => setMonth(e.target.value)}>
          {months.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        variant="secondary"
        disabled={busy !== null}
        onClick={() =>
          run("close", () => closeRetainerMonthAction({ clientId, month }), {
            done: (data) => (data.invoiceId ? "Month closed; its invoice is in Billing." : "Month closed: no billable time."),
          })
        }
      >
        {busy ? "Closing..." : "Close Month"}
      </Button>
    </div>
  );
}
