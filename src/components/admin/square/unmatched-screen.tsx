"use client";

import { AlertTriangle, EyeOff, Inbox } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { linkSquareCustomerAction, setSquareCustomerIgnoredAction, unlinkSquareCustomerAction } from "@/app/admin/(area)/unmatched-invoices/actions";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { EmptyState } from "@/components/ui/spinner";
import { Toast, useToast } from "@/components/ui/toast";
import { formatCents } from "@/lib/format";
import type { CustomerConflict, IgnoredCustomer, UnmatchedCustomer } from "@/server/data/admin-square-customers";
import { Options } from "@/components/ui/options";
import { GENERIC_ERROR } from "@/lib/messages";

type ClientOption = { id: string; company: string };
type Result = { ok: true } | { ok: false; error: string };
type Run = (call: () => Promise<Result>, success: string) => void;

/**
 * The Unmatched invoices screen's lists. One toast for the whole screen: it outlives the card that
 * triggered it (an assigned customer's card disappears when the rows reload).
 */
export function UnmatchedScreen({ unmatched, conflicts, ignored, clients }: { unmatched: UnmatchedCustomer[]; conflicts: CustomerConflict[]; ignored: IgnoredCustomer[]; clients: ClientOption[] }) {
  const router = useRouter();
  const { toast, show } = useToast();
  const [pending, startTransition] = useTransition();
  const run: Run = (call, success) =>
    startTransition(async () => {
      try {
        const result = await call();
        if (!result.ok) return show(result.error, 4000, "error");
        show(success, 3000);
        router.refresh();
      } catch {
        show(GENERIC_ERROR, 4000, "error");
      }
    });

  return (
    <>
      <section aria-labelledby="unmatched-heading" className="space-y-4">
        <h2 id="unmatched-heading" className="sr-only">Customers waiting for a client</h2>
        {unmatched.length === 0 ? (
          <EmptyState title="No unmatched invoices" hint="Every synced invoice belongs to a client." icon={<Inbox className="h-8 w-8" aria-hidden />} />
        ) : (
          unmatched.map((customer) => <UnmatchedCard key={customer.squareCustomerId} customer={customer} clients={clients} pending={pending} run={run} />)
        )}
      </section>

      {conflicts.length > 0 ? (
        <section aria-labelledby="conflicts-heading" className="mt-8 space-y-3">
          <h2 id="conflicts-heading" className="flex items-center gap-2 text-lg font-semibold">
            <AlertTriangle className="h-5 w-5 text-amber-300" aria-hidden />
            Conflicts
          </h2>
          <p className="text-sm text-muted">The sync found evidence against these links. Nothing was changed; review each one.</p>
          {conflicts.map((c) => {
            const label = c.name ?? c.squareCustomerId;
            return (
              <Card key={c.squareCustomerId} className="space-y-2">
                <p className="font-semibold break-words">
                  {label} <span className="font-normal text-muted">→ {c.company}</span>
                </p>
                <p className="text-sm text-muted break-all">{c.email ?? "No e-mail at Square"}</p>
                <p className="text-sm text-amber-300">{c.conflict}</p>
                <Button size="sm" variant="secondary" disabled={pending} onClick={() => run(() => unlinkSquareCustomerAction({ squareCustomerId: c.squareCustomerId }), `${label} unlinked from ${c.company}`)}>
                  Unlink from {c.company}
                </Button>
              </Card>
            );
          })}
        </section>
      ) : null}

      {ignored.length > 0 ? (
        <section aria-labelledby="ignored-heading" className="mt-8 space-y-3">
          <h2 id="ignored-heading" className="flex items-center gap-2 text-lg font-semibold">
            <EyeOff className="h-5 w-5 text-muted" aria-hidden />
            Ignored customers
          </h2>
          <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
            {ignored.map((c) => {
              const label = c.name ?? c.squareCustomerId;
              return (
                <li key={c.squareCustomerId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                  <span className="min-w-0 break-words">
                    {label} <span className="text-muted">({c.email ?? "no e-mail"}, {c.invoiceCount} invoice{c.invoiceCount === 1 ? "" : "s"})</span>
                  </span>
                  <Button size="sm" variant="ghost" disabled={pending} onClick={() => run(() => setSquareCustomerIgnoredAction({ squareCustomerId: c.squareCustomerId, ignored: false }), `${label} is back on the unmatched list`)}>
                    Stop ignoring
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <Toast toast={toast} />
    </>
  );
}

function UnmatchedCard({ customer, clients, pending, run }: { customer: UnmatchedCustomer; clients: ClientOption[]; pending: boolean; run: Run }) {
  const selectId = useId();
  const [clientId, setClientId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const label = customer.name ?? customer.squareCustomerId;
  const { squareCustomerId } = customer;

  const assign = () => {
    if (!clientId) return setError("Choose a client");
    setError(null);
    const company = clients.find((c) => c.id === clientId)?.company ?? "the client";
    run(() => linkSquareCustomerAction({ squareCustomerId, clientId }), `✓ ${label} assigned to ${company}`);
  };

  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{customer.name ?? "Unnamed customer"}</h3>
          <p className="text-sm text-muted break-all">{customer.email ?? "No e-mail at Square"}</p>
          <p className="font-mono text-xs text-muted break-all">{squareCustomerId}</p>
        </div>
        <p className="text-sm">
          {customer.invoiceCount} invoice{customer.invoiceCount === 1 ? "" : "s"} · <span className="font-mono">{formatCents(customer.totalCents)}</span>
        </p>
      </div>
      <p className="text-xs text-muted break-words">
        {customer.invoiceNumbers.join(", ")}
        {customer.invoiceCount > customer.invoiceNumbers.length ? ", …" : ""}
      </p>
      {customer.conflict ? <p className="text-sm text-amber-300">{customer.conflict}</p> : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <label htmlFor={selectId} className="mb-1 block text-xs text-muted">
            Assign {label} to
          </label>
          <Select id={selectId} value={clientId} onChange={(e) => setClientId(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${selectId}-error` : undefined}>
            <option value="">Choose a client...</option>
            <Options items={clients} value={(c) => c.id} label={(c) => c.company} />
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
      </div>
    </Card>
  );
}
