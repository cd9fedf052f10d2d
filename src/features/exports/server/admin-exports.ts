import "server-only";
import { and, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { ClientListQuery } from "@/features/clients/validation";
import type { InvoiceExportQuery } from "@/features/invoices/validation";
import type { ProjectListQuery } from "@/features/projects/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { containsPattern } from "@/server/core/db/admin-sql";
import type { DbOrTx } from "@/server/core/db/client";
import { keysetPages } from "@/server/core/db/export-pages";
import { invoices } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import { type FirmAccessAction, recordFirmAccess } from "@/features/audit/server";
import {
  clientExportPage,
  type ClientExportRow,
  clientIdsMatching,
  clientMatchesListSearchSql,
  companyNameSql,
} from "@/features/clients/server";
import {
  adminInvoiceWhere,
  clientInvoiceTotalsSql,
  invoiceExportPages,
  invoiceIsBilled,
  invoicePaidCents,
} from "@/features/invoices/server";
import { projectListFilter } from "@/features/projects/server";

// The admin CSV exports (docs/PRODUCT.md#csv-exports): the same filters as the list screens, read
// in keyset pages so that any number of rows streams out in constant memory.

const cents = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number);

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
  const filter = projectListFilter({ q, status });
  // Cancelled invoices are neither billed nor paid, as on the projects list (docs/PRODUCT.md#rules-project-figures).
  const projectInvoices = sql`${invoices} where ${invoices.projectId} = ${projects.id} and ${invoiceIsBilled}`;
  const company = companyNameSql(projects.clientId);
  const companies = () => db.selectDistinct({ clientId: projects.clientId }).from(projects).where(filter);
  return auditedExport(
    db,
    actor,
    "export.projects",
    companies,
    keysetPages<ProjectExportRow, { company: string; projectName: string; id: string }>(
      (after, limit) =>
        db
          .select({
            id: projects.id,
            company,
            projectName: projects.projectName,
            status: projects.status,
            startDate: projects.startDate,
            targetCompletionDate: projects.targetCompletionDate,
            description: projects.description,
            invoiceCount: sql<number>`(select count(*) from ${projectInvoices})`.mapWith(Number),
            billedCents: cents(sql`(select coalesce(sum(${invoices.amountCents}), 0) from ${projectInvoices})`),
            paidCents: cents(sql`(select coalesce(sum(${invoicePaidCents}), 0) from ${projectInvoices})`),
          })
          .from(projects)
          .where(
            and(
              filter,
              after
                ? sql`(${company}, ${projects.projectName}, ${projects.id}) > (${after.company}, ${after.projectName}, ${after.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(company, projects.projectName, projects.id)
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
  const search = q.trim();
  const clientMatch = clientMatchesListSearchSql(invoices.clientId, search);
  const where = and(
    adminInvoiceWhere(filter),
    search ? or(clientMatch, ilike(invoices.invoiceNumber, containsPattern(search))) : undefined,
  );
  const companies = () =>
    db
      .selectDistinct({ clientId: sql<string>`${invoices.clientId}` })
      .from(invoices)
      .where(and(where, isNotNull(invoices.clientId)));
  return auditedExport(db, actor, "export.invoices", companies, invoiceExportPages(db, { withClient: true, filter: where, pageSize }));
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
