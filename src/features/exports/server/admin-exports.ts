import "server-only";
import { sql } from "drizzle-orm";
import type { ClientListQuery } from "@/features/clients/validation";
import type { InvoiceExportQuery } from "@/features/invoices/validation";
import type { ProjectListQuery } from "@/features/projects/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { keysetPages } from "@/server/core/db/export-pages";
import { type FirmAccessAction, recordFirmAccess } from "@/features/audit/server";
import { clientExportPage, type ClientExportRow, clientIdsMatching, clientMatchesListSearchSql } from "@/features/clients/server";
import {
  adminInvoiceSearchWhere,
  clientInvoiceTotalsSql,
  invoiceCompaniesWhere,
  invoiceExportPages,
  projectInvoiceFiguresSql,
} from "@/features/invoices/server";
import { projectListRows, projectNameSql } from "@/features/projects/server";

// The admin CSV exports (docs/PRODUCT.md#csv-exports): the same filters as the list screens, read
// in keyset pages so that any number of rows streams out in constant memory.

export type { ClientExportRow };

/** Every client matching the clients list's search, by company, in pages. */
export function exportAdminClients(db: DbOrTx, { actor, q = "" }: { actor: AdminActor } & Partial<ClientListQuery>) {
  assertAdmin(actor);
  return auditedExport(
    db,
    actor,
    "export.clients",
    () => clientIdsMatching(db, q),
    keysetPages<ClientExportRow, { company: string; id: string }>(
      (after, limit) => clientExportPage(db, { q, after, limit, totals: clientInvoiceTotalsSql }),
      (row) => ({ company: row.company, id: row.id }),
    ),
  );
}

export type ProjectExportRow = {
  id: string;
  company: string;
  projectName: string;
  status: string;
  startDate: string;
  targetCompletionDate: string | null;
  description: string | null;
  invoiceCount: number;
  billedCents: number;
  paidCents: number;
};

/** Every project matching the projects list's search and status filter, by client and name, in pages. */
export function exportAdminProjects(db: DbOrTx, { actor, q = "", status = "all" }: { actor: AdminActor } & Partial<ProjectListQuery>) {
  assertAdmin(actor);
  const rows = projectListRows(db, { q, status });
  // Cancelled invoices are neither billed nor paid, as on the projects list (docs/PRODUCT.md#rules-project-figures).
  const figures = projectInvoiceFiguresSql(rows.projectId);
  const companies = () => db.selectDistinct({ clientId: rows.clientId }).from(rows);
  return auditedExport(
    db,
    actor,
    "export.projects",
    companies,
    keysetPages<ProjectExportRow, { company: string; projectName: string; id: string }>(
      (after, limit) =>
        db
          .select({
            id: rows.projectId,
            company: rows.company,
            projectName: rows.projectName,
            status: rows.status,
            startDate: rows.startDate,
            targetCompletionDate: rows.targetCompletionDate,
            description: rows.description,
            ...figures,
          })
          .from(rows)
          .where(
            after
              ? sql`(${rows.company}, ${rows.projectName}, ${rows.projectId}) > (${after.company}, ${after.projectName}, ${after.id}::uuid)`
              : undefined,
          )
          .orderBy(rows.company, rows.projectName, rows.projectId)
          .limit(limit),
      (row) => ({ company: row.company, projectName: row.projectName, id: row.id }),
    ),
  );
}

/**
 * Every invoice matching the admin Invoices screen's filters (docs/PRODUCT.md#admin-invoices),
 * newest issue date first, in pages. `q` is the clients list's search ("Export invoices" there):
 * it matches the invoice's client as that list does, or the invoice number; invoices waiting for a
 * client (unmatched Square invoices) are included while no search is given. Every condition is on
 * the invoices row alone (the client search is a subquery), so the export adds its own joins.
 */
export function exportAdminInvoices(
  db: DbOrTx,
  { actor, q = "", pageSize, ...filter }: { actor: AdminActor; pageSize?: number } & Partial<InvoiceExportQuery>,
) {
  assertAdmin(actor);
  const where = adminInvoiceSearchWhere(filter, q.trim(), clientMatchesListSearchSql);
  const companies = () => invoiceCompaniesWhere(db, where);
  return auditedExport(
    db,
    actor,
    "export.invoices",
    companies,
    invoiceExportPages(db, { withClient: true, filter: where, pageSize, projectName: projectNameSql }),
  );
}

const EXPORT_NAMES: Partial<Record<FirmAccessAction, string>> = {
  "export.clients": "Clients export",
  "export.projects": "Projects export",
  "export.invoices": "Invoices export",
};

/**
 * The export's pages, with one access-log entry for each company whose data it includes
 * (docs/PRODUCT.md#portal-access-log), written when the file starts, before its first page.
 */
async function* auditedExport<Row>(
  db: DbOrTx,
  actor: AdminActor,
  action: FirmAccessAction,
  companies: () => Promise<{ clientId: string }[]>,
  pages: AsyncIterable<Row[]>,
): AsyncGenerator<Row[]> {
  const clientIds = (await companies()).map((row) => row.clientId);
  await recordFirmAccess(db, { actor, action, clientIds, entityType: "export", after: { name: EXPORT_NAMES[action] ?? action } });
  yield* pages;
}
