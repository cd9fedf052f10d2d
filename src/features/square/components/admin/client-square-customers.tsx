"use client";

import { Link2 } from "lucide-react";
import { type InputHTMLAttributes, useId, useState } from "react";
import {
  getClientSquareCustomersAction,
  linkSquareCustomerAction,
  setClientBillingEmailAction,
  unlinkSquareCustomerAction,
} from "@/features/square/actions/admin";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/field";
import { Loading } from "@/components/ui/spinner";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { billingEmailSchema, squareCustomerIdSchema } from "@/features/square/validation";
import type { ClientSquareCustomers } from "@/features/square/server";

const SOURCE_LABELS: Record<string, string> = {
  admin: "by an admin",
  email_match: "by sign-in or billing e-mail",
  backfill: "from its existing invoices",
};

/** A client row's "Square customers" button: which Square customers' invoices belong to this client. */
export function ClientSquareCustomersButton({ clientId, company }: { clientId: string; company: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonClasses("ghost", "sm")}
        onClick={() => setOpen(true)}
        aria-label={`Square customers of ${company}`}
        title="Square customers"
      >
        <Link2 className="h-4 w-4" aria-hidden />
        <span className="hidden 2xl:inline">Square</span>
      </button>
      {open ? <ClientSquareCustomersDialog clientId={clientId} company={company} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ClientSquareCustomersDialog({ clientId, company, onClose }: { clientId: string; company: string; onClose: () => void }) {
  const {
    data,
    error: loadError,
    reload,
  } = useReadOnShow(clientId, () => getClientSquareCustomersAction({ clientId }), "Failed to load Square customers.");
  const [changeError, setChangeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { isBusy, run } = useChange<"change">((message, tone) => (tone === "error" ? setChangeError(message) : setNotice(message)));
  const pending = isBusy;
  const error = changeError ?? loadError;

  /** Runs a change and reloads the dialog's rows before its busy state ends; the message says what happened. */
  const change = (call: () => Promise<ChangeResult<unknown>>, success: string) => {
    setChangeError(null);
    setNotice(null);
    run(
      "change",
      async () => {
        const result = await call();
        if (result.success) await reload();
        return result;
      },
      { done: () => success },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title={`Square customers of ${company}`}
      description="Invoices of these Square customers go to this client's portal. Only admins change these links."
    >
      {error ? (
        <Alert tone="error" className="mb-3">
          {error}
        </Alert>
      ) : null}
      {notice ? (
        <Alert tone="success" className="mb-3">
          {notice}
        </Alert>
      ) : null}
      {!data ? (
        error ? null : (
          <Loading label="Loading Square customers..." />
        )
      ) : (
        <div className="space-y-6">
          <LinkedCustomers
            data={data}
            pending={pending}
            onUnlink={(id) =>
              change(() => unlinkSquareCustomerAction({ squareCustomerId: id }), `Unlinked ${id}. Its invoices stay with ${company}.`)
            }
          />
          <SingleFieldForm
            label="Link a Square customer by id"
            button="Link"
            schema={squareCustomerIdSchema}
            clearOnSubmit
            inputProps={{ placeholder: "e.g. JDKYHBWT1D4F8MFH63DBMEN8Y4", className: "font-mono" }}
            pending={pending}
            onSubmit={(id) => change(() => linkSquareCustomerAction({ squareCustomerId: id, clientId }), `Linked ${id} to ${company}.`)}
          />
          <SingleFieldForm
            key={data.billingEmail ?? ""}
            label="Billing e-mail"
            hint={`A new Square customer with this address, or with the sign-in address ${data.signInEmail}, is linked to this client at the next sync. The client's own contact e-mail is never used.`}
            button="Save"
            schema={billingEmailSchema.shape.billingEmail}
            initial={data.billingEmail ?? ""}
            inputProps={{ type: "email" }}
            pending={pending}
            onSubmit={(billingEmail) => change(() => setClientBillingEmailAction({ clientId, billingEmail }), "Billing e-mail saved.")}
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
            <p className="font-medium break-words">
              {c.name ?? "Unnamed customer"} <span className="font-mono text-xs text-muted break-all">{c.squareCustomerId}</span>
            </p>
            <p className="text-xs text-muted break-all">
              {c.email ?? "no e-mail"} · {c.invoiceCount} invoice{c.invoiceCount === 1 ? "" : "s"} · linked{" "}
              {SOURCE_LABELS[c.source ?? ""] ?? ""}
              {c.linkedAt ? ` on ${formatDate(c.linkedAt.slice(0, 10))}` : ""}
            </p>
            {c.conflict ? <p className="mt-1 text-xs text-amber-300">{c.conflict}</p> : null}
          </div>
          <Button
            size="sm"
            variant="ghost"
            disabled={pending}
            onClick={() => onUnlink(c.squareCustomerId)}
            aria-label={`Unlink ${c.squareCustomerId}`}
          >
            Unlink
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** One labelled field and a submit button, validated with a shared schema before it is sent. */
function SingleFieldForm<T>({
  label,
  hint,
  button,
  schema,
  initial = "",
  clearOnSubmit = false,
  inputProps,
  pending,
  onSubmit,
}: {
  label: string;
  hint?: string;
  button: string;
  schema: { safeParse: (value: string) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } };
  initial?: string;
  clearOnSubmit?: boolean;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  pending: boolean;
  onSubmit: (value: T) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <form
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = schema.safeParse(value);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid value");
        setError(null);
        onSubmit(parsed.data);
        if (clearOnSubmit) setValue("");
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Input
          {...inputProps}
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={cn("min-w-0 flex-1", inputProps?.className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <Button type="submit" size="md" variant="secondary" disabled={pending}>
          {button}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
