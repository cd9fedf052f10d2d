"use client";

import { Link2 } from "lucide-react";
import { useCallback, useEffect, useId, useState, useTransition } from "react";
import {
  getClientSquareCustomersAction,
  linkSquareCustomerAction,
  setClientBillingEmailAction,
  unlinkSquareCustomerAction,
} from "@/app/admin/(area)/unmatched-invoices/actions";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/field";
import { Loading } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format";
import { billingEmailSchema, squareCustomerIdSchema } from "@/lib/validation/admin";
import type { ClientSquareCustomers } from "@/server/data/admin-square-customers";

const SOURCE_LABELS: Record<string, string> = { admin: "by an admin", email_match: "by sign-in or billing e-mail", backfill: "from its existing invoices" };

/** A client row's "Square customers" button: which Square customers' invoices belong to this client. */
export function ClientSquareCustomersButton({ clientId, company }: { clientId: string; company: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClasses("ghost", "sm")} onClick={() => setOpen(true)} aria-label={`Square customers of ${company}`} title="Square customers">
        <Link2 className="h-4 w-4" aria-hidden />
        <span className="hidden xl:inline">Square</span>
      </button>
      {open ? <ClientSquareCustomersDialog clientId={clientId} company={company} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ClientSquareCustomersDialog({ clientId, company, onClose }: { clientId: string; company: string; onClose: () => void }) {
  const [data, setData] = useState<ClientSquareCustomers | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const load = useCallback(async () => {
    try {
      const result = await getClientSquareCustomersAction({ clientId });
      if (result.ok) setData(result.data);
      else setError(result.error);
    } catch {
      setError("Failed to load Square customers.");
    }
  }, [clientId]);

  useEffect(() => {
    // Fetching on open: the state updates happen after the request resolves.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  /** Runs a change, then reloads the dialog's rows; the message says what happened. */
  const change = (call: () => Promise<{ ok: true } | { ok: false; error: string }>, success: string) =>
    startTransition(async () => {
      setError(null);
      setNotice(null);
      try {
        const result = await call();
        if (!result.ok) return setError(result.error);
        setNotice(success);
        await load();
      } catch {
        setError("Something went wrong. Please try again.");
      }
    });

  return (
    <Dialog open onOpenChange={(next) => (next ? null : onClose())} title={`Square customers of ${company}`} description="Invoices of these Square customers go to this client's portal. Only admins change these links.">
      {error ? <Alert tone="error" className="mb-3">{error}</Alert> : null}
      {notice ? <Alert tone="success" className="mb-3">{notice}</Alert> : null}
      {!data ? (
        error ? null : <Loading label="Loading Square customers..." />
      ) : (
        <div className="space-y-6">
          <LinkedCustomers data={data} pending={pending} onUnlink={(id) => change(() => unlinkSquareCustomerAction({ squareCustomerId: id }), `Unlinked ${id}. Its invoices stay with ${company}.`)} />
          <AddCustomerForm pending={pending} onLink={(id) => change(() => linkSquareCustomerAction({ squareCustomerId: id, clientId }), `Linked ${id} to ${company}.`)} />
          <BillingEmailForm
            key={data.billingEmail ?? ""}
            data={data}
            pending={pending}
            onSave={(billingEmail) => change(() => setClientBillingEmailAction({ clientId, billingEmail }), "Billing e-mail saved.")}
          />
        </div>
      )}
    </Dialog>
  );
}

function LinkedCustomers({ data, pending, onUnlink }: { data: ClientSquareCustomers; pending: boolean; onUnlink: (id: string) => void }) {
  if (data.customers.length === 0) return <p className="text-sm text-muted">No Square customer is linked yet.</p>;
  return (
    <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800" aria-label="Linked Square customers">
      {data.customers.map((c) => (
        <li key={c.squareCustomerId} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2 text-sm">
          <div className="min-w-0">
            <p className="font-medium break-words">{c.name ?? "Unnamed customer"} <span className="font-mono text-xs text-muted break-all">{c.squareCustomerId}</span></p>
            <p className="text-xs text-muted break-all">
              {c.email ?? "no e-mail"} · {c.invoiceCount} invoice{c.invoiceCount === 1 ? "" : "s"} · linked {SOURCE_LABELS[c.source ?? ""] ?? ""}
              {c.linkedAt ? ` on ${formatDate(c.linkedAt.slice(0, 10))}` : ""}
            </p>
            {c.conflict ? <p className="mt-1 text-xs text-amber-300">{c.conflict}</p> : null}
          </div>
          <Button size="sm" variant="ghost" disabled={pending} onClick={() => onUnlink(c.squareCustomerId)} aria-label={`Unlink ${c.squareCustomerId}`}>
            Unlink
          </Button>
        </li>
      ))}
    </ul>
  );
}

function AddCustomerForm({ pending, onLink }: { pending: boolean; onLink: (id: string) => void }) {
  const id = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = squareCustomerIdSchema.safeParse(value);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid id");
        setError(null);
        onLink(parsed.data);
        setValue("");
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        Link a Square customer by id
      </label>
      <div className="flex flex-wrap gap-2">
        <Input id={id} value={value} onChange={(e) => setValue(e.target.value)} placeholder="e.g. JDKYHBWT1D4F8MFH63DBMEN8Y4" className="min-w-0 flex-1 font-mono" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        <Button type="submit" size="md" variant="secondary" disabled={pending}>
          Link
        </Button>
      </div>
      {error ? <p id={`${id}-error`} className="text-xs text-danger">{error}</p> : null}
    </form>
  );
}

function BillingEmailForm({ data, pending, onSave }: { data: ClientSquareCustomers; pending: boolean; onSave: (email: string | null) => void }) {
  const id = useId();
  const [value, setValue] = useState(data.billingEmail ?? "");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = billingEmailSchema.shape.billingEmail.safeParse(value);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid email address");
        setError(null);
        onSave(parsed.data);
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        Billing e-mail
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        A new Square customer with this address, or with the sign-in address {data.signInEmail}, is linked to this client at the next sync. The client&apos;s own contact e-mail is never used.
      </p>
      <div className="flex flex-wrap gap-2">
        <Input id={id} type="email" value={value} onChange={(e) => setValue(e.target.value)} className="min-w-0 flex-1" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`} aria-invalid={error ? true : undefined} />
        <Button type="submit" size="md" variant="secondary" disabled={pending}>
          Save
        </Button>
      </div>
      {error ? <p id={`${id}-error`} className="text-xs text-danger">{error}</p> : null}
    </form>
  );
}
