import "server-only";
import { eq } from "drizzle-orm";
import { assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices } from "@/server/core/db/schema";
import { type InvoiceExportRow, invoiceExportPages } from "./invoice-export-pages";

export type PortalInvoiceExportRow = Omit<InvoiceExportRow, "company">;

/**
 * Every invoice of the signed-in client (docs/PRODUCT.md#portal-billing), newest issue date
 * first, in keyset pages; the client comes from the session only.
 */
export function exportPortalInvoices(db: DbOrTx, { actor }: { actor: ClientActor }): AsyncGenerator<PortalInvoiceExportRow[]> {
  assertClient(actor);
  assertBillingVisible(actor);
  return invoiceExportPages(db, {
    withClient: false,
    filter: eq(invoices.clientId, actor.clientId),
  });
}
