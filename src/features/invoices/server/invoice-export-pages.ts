import "server-only";
import { and, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { dateDescPages } from "@/server/core/db/export-pages";
import { companyNameSql } from "@/features/clients/server";
import { invoices } from "./schema";
import { invoiceOutstandingCents, invoicePaidCents } from "./invoice-money-sql";

/**
 * The name of the engagement whose id `projectId` holds, with `clientId` only when it is that
 * client's (null for none): the projects module's `projectNameSql`, handed in by the caller, since
 * that module reads this one (its figures and its invoice links).
 */
export type ProjectNameSql = (projectId: SQLWrapper, clientId?: SQLWrapper) => SQL<string | null>;

/**
 * An invoice's project name as the lists and exports show it: only a project of the invoice's own
 * client, so a stale link never shows another client's project.
 */
export const invoiceProjectNameSql = (projectName: ProjectNameSql) => projectName(invoices.projectId, invoices.clientId);

export type InvoiceExportRow = {
  id: string;
  invoiceNumber: string;
  company: string | null;
  projectName: string | null;
  description: string | null;
  status: string;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
  amountCents: number;
  paidCents: number;
  outstandingCents: number;
};

/**
 * The export cells of an invoice (and its project's name, a sub-select of the projects module; and,
 * for the admin export, its client's name, a sub-select of the clients module) as one JSON array per row, read by
 * readInvoiceExportPage. Exports read up to 100,000 invoices: one JSON field per row is decoded
 * natively (JSON.parse), where a dozen fields cost the drivers' row parsing and Drizzle's result
 * mapping several times as much. JSON writes dates as ISO text; the cents fit a JSON number exactly.
 */
function invoiceExportCells({ withClient, projectName }: { withClient: boolean; projectName: ProjectNameSql }): SQL {
  return sql`json_build_array(${invoices.id}, ${invoices.invoiceNumber}, ${invoiceProjectNameSql(projectName)}, ${invoices.description},
    ${invoices.status}, ${invoices.issuedDate}, ${invoices.dueDate}, ${invoices.paidDate}, ${invoices.amountCents},
    ${invoicePaidCents}, ${invoiceOutstandingCents}, ${withClient ? companyNameSql(invoices.clientId) : sql`null`}) as "cells"`;
}

type InvoiceCells = [
  string,
  string,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  string | null,
  number,
  number,
  number,
  string | null,
];

/** One page of an invoice export: the rows of a query that selects invoiceExportCells. */
async function readInvoiceExportPage(db: DbOrTx, query: SQL): Promise<InvoiceExportRow[]> {
  const { rows } = (await db.execute(query)) as unknown as { rows: { cells: InvoiceCells }[] };
  return rows.map(
    ({
      cells: [
        id,
        invoiceNumber,
        projectName,
        description,
        status,
        issuedDate,
        dueDate,
        paidDate,
        amountCents,
        paidCents,
        outstandingCents,
        company,
      ],
    }) => ({
      id,
      invoiceNumber,
      company,
      projectName,
      description,
      status,
      issuedDate,
      dueDate,
      paidDate,
      amountCents,
      paidCents,
      outstandingCents,
    }),
  );
}

/**
 * The invoices an export reads, newest issue date first, in keyset pages: `filter` is a condition
 * on the invoices row alone (a client's own, or adminInvoiceWhere's); the project's name comes
 * from `projectName` (the projects module's `projectNameSql`).
 */
export function invoiceExportPages(
  db: DbOrTx,
  {
    withClient,
    filter,
    pageSize,
    projectName,
  }: { withClient: boolean; filter: SQL | undefined; pageSize?: number; projectName: ProjectNameSql },
) {
  return dateDescPages<InvoiceExportRow>(
    (where, orderBy, limit) =>
      readInvoiceExportPage(
        db,
        sql`select ${invoiceExportCells({ withClient, projectName })}
              from ${invoices}
             where ${and(filter, where)}
             order by ${sql.join(orderBy, sql`, `)}
             limit ${limit}`,
      ),
    { date: invoices.issuedDate, id: invoices.id, dateOf: (row) => row.issuedDate, pageSize },
  );
}
