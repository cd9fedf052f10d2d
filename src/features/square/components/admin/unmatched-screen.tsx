"use client";

import { AlertTriangle, EyeOff, Inbox } from "lucide-react";
import { useId, useState } from "react";
import { linkSquareCustomerAction, setSquareCustomerIgnoredAction, unlinkSquareCustomerAction } from "@/features/square/actions/admin";
import { ClientPicker } from "@/components/admin/client-picker";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/spinner";
import { Toast, useToast } from "@/components/ui/toast";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import { formatCents } from "@/lib/format";
import type { CustomerConflict, IgnoredCustomer, UnmatchedCustomer } from "@/features/square/server";

type ClientOption = { id: string; company: string };
/** One change on one customer (its id), with the message it ends with; `busy` is the customer whose change runs. */
type Run = (customerId: string, call: () => Promise<ChangeResult<unknown>>, success: string) => void;

/**
 * The Unmatched invoices screen's lists. One toast for the whole screen: it outlives the card that
 * triggered it (an assigned customer's card disappears when the rows reload).
 */
export function UnmatchedScreen({
  unmatched,
  conflicts,
  ignored,
  clients,
}: {
  unmatched: UnmatchedCustomer[];
  conflicts: CustomerConflict[];
  ignored: IgnoredCustomer[];
  clients: ClientOption[];
}) {
  const { toast, show } = useToast();
  const { isBusy, running, run: runChange } = useChange((message, tone) => show(message, tone === "error" ? 4000 : 3000, tone));
  const run: Run = (customerId, call, success) => runChange(customerId, call, { done: () => success });

  return (
    <>
      <section aria-labelledby="unmatched-heading" className="space-y-4">
        <h2 id="unmatched-heading" className="sr-only">
          Customers waiting for a client
        </h2>
        {unmatched.length === 0 ? (
          <EmptyState
            title="No unmatched invoices"
            hint="Every synced invoice belongs to a client."
            icon={<Inbox className="h-8 w-8" aria-hidden />}
          />
        ) : (
          unmatched.map((customer) => (
            <UnmatchedCard key={customer.squareCustomerId} customer={customer} clients={clients} running={running} run={run} />
          ))
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
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isBusy}
                  onClick={() =>
                    run(
                      c.squareCustomerId,
                      () => unlinkSquareCustomerAction({ squareCustomerId: c.squareCustomerId }),
                      `${label} unlinked from ${c.company}`,
                    )
                  }
                >
                  {running === c.squareCustomerId ? "Unlinking..." : "Unlink"} <span className="sr-only">{label}</span> from {c.company}
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
                    {label}{" "}
                    <span className="text-muted">
                      ({c.email ?? "no e-mail"}, {c.invoiceCount} invoice{c.invoiceCount === 1 ? "" : "s"})
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={isBusy}
                    onClick={() =>
                      run(
                        c.squareCustomerId,
                        () => setSquareCustomerIgnoredAction({ squareCustomerId: c.squareCustomerId, ignored: false }),
                        `${label} is back on the unmatched list`,
                      )
                    }
                  >
                    {running === c.squareCustomerId ? "Saving..." : "Stop ignoring"}
                    <span className="sr-only"> {label}</span>
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

function UnmatchedCard({
  customer,
  clients,
  running,
  run,
}: {
  customer: UnmatchedCustomer;
  clients: ClientOption[];
  running: string | null;
  run: Run;
}) {
  const selectId = useId();
  const [clientId, setClientId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const label = customer.name ?? customer.squareCustomerId;
  const { squareCustomerId } = customer;

  const assign = () => {
    if (!clientId) return setError("Choose a client");
    setError(null);
    const company = clients.find((c) => c.id === clientId)?.company ?? "the client";
    run(squareCustomerId, () => linkSquareCustomerAction({ squareCustomerId, clientId }), `${label} assigned to ${company}`);
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
          {customer.invoiceCount} invoice{customer.invoiceCount === 1 ? "" : "s"} ·{" "}
          <span className="font-mono">{formatCents(customer.totalCents)}</span>
          {customer.subscriptionCount > 0
            ? ` · ${customer.subscriptionCount} subscription${customer.subscriptionCount === 1 ? "" : "s"}`
            : null}
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
          <ClientPicker
            id={selectId}
            clients={clients}
            value={clientId}
            onChange={setClientId}
            invalid={Boolean(error)}
            describedBy={error ? `${selectId}-error` : undefined}
          />
          {error ? (
            <p id={`${selectId}-error`} className="mt-1 text-xs text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <Button size="sm" onClick={assign} disabled={running !== null}>
          {running === squareCustomerId ? "Saving..." : "Assign"}
          <span className="sr-only"> {label}</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={running !== null}
          onClick={() =>
            run(squareCustomerId, () => setSquareCustomerIgnoredAction({ squareCustomerId, ignored: true }), `${label} ignored`)
          }
        >
          Ignore customer <span className="sr-only">{label}</span>
        </Button>
      </div>
    </Card>
  );
}
