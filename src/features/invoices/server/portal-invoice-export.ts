import "server-only";
import { eq } from "drizzle-orm";
import { assertBillingVisible, assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { invoices } from "./schema";
import { recordFirmAccess } from "@/features/audit/server";
import { type InvoiceExportRow, invoiceExportPages, type ProjectNameSql } from "./invoice-export-pages";

export type PortalInvoiceExportRow = Omit<InvoiceExportRow, "company">;

/**
 * Every invoice of the signed-in client (docs/PRODUCT.md#portal-billing), newest issue date
 * first, in keyset pages; the client comes from the session only, the project's name through
 * `projectName` (the projects module's `projectNameSql`).
 */
export function exportPortalInvoices(
  db: DbOrTx,
  { actor, projectName }: { actor: ClientActor; projectName: ProjectNameSql },
): AsyncGenerator<PortalInvoiceExportRow[]> {
  assertClient(actor);
  assertBillingVisible(actor);
  const pages = invoiceExportPages(db, { withClient: false, filter: eq(invoices.clientId, actor.clientId), projectName });
  return actor.viewer ? viewerExport(db, actor, pages) : pages;
}

/** A viewing admin's export of the company's invoices is the firm's access: in its access log (docs/PRODUCT.md#portal-access-log). */
async function* viewerExport<Row>(db: DbOrTx, actor: ClientActor, pages: AsyncIterable<Row[]>): AsyncGenerator<Row[]> {
  await recordFirmAccess(db, {
    actor,
    action: "export.client_invoices",
    clientIds: [actor.clientId],
    entityType: "export",
    after: { name: "Invoices export" },
  });
  yield* pages;
}
