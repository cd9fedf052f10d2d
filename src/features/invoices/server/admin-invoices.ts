import "server-only";
import { and, desc, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { companyNameSql } from "@/features/clients/server";
import { invoices } from "./schema";
import { recordFirmAccessAfterResponse } from "@/features/audit/server";
import { type AdminInvoiceFilter, adminInvoiceWhere } from "./admin-invoice-filter";
import { invoiceProjectNameSql, type ProjectNameSql } from "./invoice-export-pages";
import { invoiceIsBilled, invoiceOutstandingCents, invoicePaidCents } from "./invoice-money-sql";

export type AdminInvoiceRow = {
  id: string;
  invoiceNumber: string;
  clientId: string | null;
  company: string | null;
  projectId: string | null;
  projectName: string | null;
  description: string | null;
  status: string;
  issuedDate: string | null;
  dueDate: string | null;
  amountCents: number;
  paidCents: number;
  outstandingCents: number;
};

/** What every invoice the filter matches adds up to (docs/PRODUCT.md#admin-invoices), in cents. */
export type AdminInvoiceTotals = { count: number; billedCents: number; paidCents: number; outstandingCents: number };

export type AdminInvoicePage = { rows: AdminInvoiceRow[]; totals: AdminInvoiceTotals; next: string | null };

type Cells = [
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  number,
  number,
  number,
];

/** A row's cells; the project (id and name) only when it is the invoice's own client's, as the export shows it. */
const cellsWith = (projectName: ProjectNameSql) => {
  const name = invoiceProjectNameSql(projectName);
  return sql`json_build_array(${invoices.id}, ${invoices.invoiceNumber}, ${invoices.clientId}, ${companyNameSql(invoices.clientId)},
  (case when ${name} is not null then ${invoices.projectId} end), ${name}, ${invoices.description}, ${invoices.status},
  ${invoices.issuedDate}, ${invoices.dueDate}, ${invoices.amountCents}, ${invoicePaidCents}, ${invoiceOutstandingCents})`;
};

/** "<issue date or none>_<id>": where the page after `row` starts. */
const cursorOf = (row: AdminInvoiceRow) => `${row.issuedDate ?? "none"}_${row.id}`;

/**
 * One page of the admin Invoices screen, newest issue date first and undated invoices last, with
 * the totals of everything the filter matches: one statement. The page is keyset (`after`, never
 * OFFSET), read as two index ranges like the export's (dated by (issued date, id) backwards, then
 * undated by id), each limited to the page, so a deep page costs what the first does. The look is
 * recorded in the access log of each company whose invoices the page shows, filtered or not (one insert).
 * The project's name comes from `projectName` (the projects module's `projectNameSql`).
 */
export async function listAdminInvoices(
  db: Db,
  {
    actor,
    filter,
    after,
    pageSize = ADMIN_PAGE_SIZE,
    projectName,
  }: { actor: AdminActor; filter: AdminInvoiceFilter; after?: string; pageSize?: number; projectName: ProjectNameSql },
): Promise<AdminInvoicePage> {
  assertAdmin(actor);
  const cells = cellsWith(projectName);
  const where = adminInvoiceWhere(filter);
  const [afterDate, afterId] = after ? [after.slice(0, after.indexOf("_")), after.slice(after.indexOf("_") + 1)] : [null, null];
  const limit = pageSize + 1;
  const part = (order: number, range: SQL | undefined, orderBy: SQL[]) =>
    sql`(select ${cells} as cells, ${order} as part, ${invoices.issuedDate} as issued, ${invoices.id} as id
           from ${invoices}
          where ${and(where, range)}
          order by ${sql.join(orderBy, sql`, `)} limit ${limit})`;
  const dated =
    afterDate === "none"
      ? null
      : part(
          0,
          and(
            isNotNull(invoices.issuedDate),
            afterDate ? sql`(${invoices.issuedDate}, ${invoices.id}) < (${afterDate}::date, ${afterId}::uuid)` : undefined,
          ),
          [desc(invoices.issuedDate), desc(invoices.id)],
        );
  const undated = part(1, and(isNull(invoices.issuedDate), afterDate === "none" ? lt(invoices.id, afterId!) : undefined), [
    desc(invoices.id),
  ]);
  const pages = dated ? sql`${dated} union all ${undated}` : undated;
  const result = (await db.execute(sql`
    select (select coalesce(json_agg(p.cells order by p.part, p.issued desc, p.id desc), '[]'::json)
              from (select * from (${pages}) u order by u.part, u.issued desc, u.id desc limit ${limit}) p) as "rows",
           (select json_build_array(count(*),
                     coalesce(sum(${invoices.amountCents}) filter (where ${invoiceIsBilled}), 0)::bigint,
                     coalesce(sum(${invoicePaidCents}) filter (where ${invoiceIsBilled}), 0)::bigint,
                     coalesce(sum(${invoiceOutstandingCents}), 0)::bigint)
              from ${invoices} where ${where ?? sql`true`}) as "totals"`)) as unknown as {
    rows: { rows: Cells[]; totals: [number, number | string, number | string, number | string] }[];
  };
  const [{ rows: cellRows, totals }] = result.rows as [(typeof result.rows)[number]];
  const rows = cellRows.map(
    ([
      id,
      invoiceNumber,
      clientId,
      company,
      projectId,
      projectName,
      description,
      status,
      issuedDate,
      dueDate,
      amountCents,
      paidCents,
      outstandingCents,
    ]) => ({
      id,
      invoiceNumber,
      clientId,
      company,
      projectId,
      projectName,
      description,
      status,
      issuedDate,
      dueDate,
      amountCents,
      paidCents,
      outstandingCents,
    }),
  );
  const page = rows.slice(0, pageSize);
  // Invoices shown to the firm, filtered or not (every company's list shows them all the same): a
  // look in the access log of each company the page shows (docs/PRODUCT.md#portal-access-log).
  const shown = page.flatMap((row) => (row.clientId ? [row.clientId] : []));
  if (shown.length > 0)
    await recordFirmAccessAfterResponse(db, {
      actor,
      action: "client.invoices.view",
      clientIds: shown,
      entityType: "client",
      entityId: filter.client ?? null,
    });
  return {
    rows: page,
    totals: { count: Number(totals[0]), billedCents: Number(totals[1]), paidCents: Number(totals[2]), outstandingCents: Number(totals[3]) },
    next: rows.length > pageSize ? cursorOf(page[page.length - 1]!) : null,
  };
}
