import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { assertClient, type ClientActor } from "../auth/session";
import type { DbOrTx } from "../db/client";
import { invoices, projects } from "../db/schema";
import type { InvoiceExportRow } from "./admin-exports";
import { invoiceExportCells, readInvoiceExportPage } from "./admin-exports";
import { dateDescPages } from "./export-pages";

export type PortalInvoiceExportRow = Omit<InvoiceExportRow, "company">;

/**
 * Every invoice of the signed-in client (docs/PRODUCT.md#portal-billing), newest issue date
 * first, in keyset pages; the client comes from the session only.
 */
export function exportPortalInvoices(db: DbOrTx, { actor }: { actor: ClientActor }) {
  assertClient(actor);
  return dateDescPages<PortalInvoiceExportRow>(
    (where, orderBy, limit) =>
      readInvoiceExportPage(
        db,
        sql`select ${invoiceExportCells({ withClient: false })}
              from ${invoices}
              left join ${projects} on ${and(eq(projects.id, invoices.projectId), eq(projects.clientId, actor.clientId))}
             where ${and(eq(invoices.clientId, actor.clientId), where)}
             order by ${sql.join(orderBy, sql`, `)}
             limit ${limit}`,
      ),
    { date: invoices.issuedDate, id: invoices.id, dateOf: (row) => row.issuedDate },
  );
}
