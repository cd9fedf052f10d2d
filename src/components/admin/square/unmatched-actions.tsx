"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { linkSquareCustomerAction, setSquareCustomerIgnoredAction, unlinkSquareCustomerAction } from "@/app/admin/(area)/unmatched-invoices/actions";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { Toast, useToast } from "@/components/ui/toast";

type ClientOption = { id: string; company: string };
type Result = { ok: true } | { ok: false; error: string };

/** Runs an action, shows its outcome, and reloads the server rows on success. */
function useCustomerAction() {
  const router = useRouter();
  const { toast, show } = useToast();
  const [pending, startTransition] = useTransition();
  const run = (call: () => Promise<Result>, success: string) =>
    startTransition(async () => {
      try {
        const result = await call();
        if (!result.ok) return show(result.error, 4000, "error");
        show(success, 3000);
        router.refresh();
      } catch {
        show("Something went wrong. Please try again.", 4000, "error");
      }
    });
  return { toast, pending, run };
}

/** Assign to a client (the customer's later invoices follow) or ignore the customer. */
export function UnmatchedCustomerActions({ squareCustomerId, label, clients }: { squareCustomerId: string; label: string; clients: ClientOption[] }) {
  const selectId = useId();
  const [clientId, setClientId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { toast, pending, run } = useCustomerAction();

  const assign = () => {
    if (!clientId) return setError("Choose a client");
    setError(null);
    const company = clients.find((c) => c.id === clientId)?.company ?? "the client";
    run(() => linkSquareCustomerAction({ squareCustomerId, clientId }), `✓ ${label} assigned to ${company}`);
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <label htmlFor={selectId} className="mb-1 block text-xs text-muted">
          Assign {label} to
        </label>
        <Select id={selectId} value={clientId} onChange={(e) => setClientId(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${selectId}-error` : undefined}>
          <option value="">Choose a client...</option>
          {clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.company}
            </option>
          ))}
        </Select>
        {error ? (
          <p id={`${selectId}-error`} className="mt-1 text-xs text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <Button size="sm" onClick={assign} disabled={pending}>
        {pending ? "Saving..." : "Assign"}
      </Button>
      <Button size="sm" variant="ghost" disabled={pending} onClick={() => run(() => setSquareCustomerIgnoredAction({ squareCustomerId, ignored: true }), `${label} ignored`)}>
        Ignore customer
      </Button>
      <Toast toast={toast} />
    </div>
  );
}

export function ConflictActions({ squareCustomerId, label, company }: { squareCustomerId: string; label: string; company: string }) {
  const { toast, pending, run } = useCustomerAction();
  return (
    <div>
      <Button size="sm" variant="secondary" disabled={pending} onClick={() => run(() => unlinkSquareCustomerAction({ squareCustomerId }), `${label} unlinked from ${company}`)}>
        Unlink from {company}
      </Button>
      <Toast toast={toast} />
    </div>
  );
}

export function IgnoredCustomerActions({ squareCustomerId, label }: { squareCustomerId: string; label: string }) {
  const { toast, pending, run } = useCustomerAction();
  return (
    <>
      <Button size="sm" variant="ghost" disabled={pending} onClick={() => run(() => setSquareCustomerIgnoredAction({ squareCustomerId, ignored: false }), `${label} is back on the unmatched list`)}>
        Stop ignoring
      </Button>
      <Toast toast={toast} />
    </>
  );
}
