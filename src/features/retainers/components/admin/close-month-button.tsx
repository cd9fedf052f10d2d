"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Select } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";
import { closeRetainerMonthAction } from "@/features/retainers/actions/admin";

/**
 * Closes a month of the client's retainer: one invoice at Square, the month read only. Asked
 * first: a closed month cannot be reopened.
 */
export function CloseMonthButton({ clientId, months }: { clientId: string; months: string[] }) {
  const { toast, show } = useToast();
  const [month, setMonth] = useState(months[0] ?? "");
  const [asking, setAsking] = useState(false);
  const invoiced = useRef(false);
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
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Close Month
      </Button>
      {asking ? (
        <ConfirmDialog
          title={`Close ${month}?`}
          description="Its billable time is invoiced at Square (one invoice) and its entries become read only. A closed month cannot be reopened."
          confirmLabel="Close Month"
          busyLabel="Closing..."
          send={async () => {
            const result = await closeRetainerMonthAction({ clientId, month });
            if (result.success) invoiced.current = Boolean(result.data.invoiceId);
            return result;
          }}
          onDone={() => show(invoiced.current ? "Month closed; its invoice is in Billing." : "Month closed: no billable time.", 3000)}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
