"use client";

import { useId } from "react";
import { ClientPicker, type ClientChoice } from "@/components/admin/client-picker";

/** The Invoices filter's client: the one picker, as the `client` field of the filter form. */
export function InvoiceClientFilter({ clients, value }: { clients: ClientChoice[]; value: string }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 basis-52 flex-col gap-1 text-xs text-muted">
      <label htmlFor={id}>Client</label>
      <ClientPicker id={id} clients={clients} defaultValue={value} name="client" emptyLabel="All clients" />
    </div>
  );
}
