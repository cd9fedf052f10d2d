import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices, projects } from "@/server/core/db/schema";
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
    joins: sql`left join ${projects} on ${and(eq(projects.id, invoices.projectId), eq(projects.clientId, actor.clientId))}`,
    filter: eq(invoices.clientId, actor.clientId),
  });
}
