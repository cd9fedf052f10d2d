// The invoices feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { uuidSchema, isoDateSchema } from "@/lib/validation/common";
import { INVOICE_FILTER_STATUSES } from "@/lib/domain/invoice-status";
import { optionalFilterDate, searchText } from "@/lib/validation/admin-fields";

/** Paging through Recent Invoices beyond the first page. */
export const INVOICE_PAGE_SIZE = 50;

export const invoicePageSchema = z.object({
  offset: z
    .number({ error: "Invalid offset" })
    .check(z.int("Invalid offset"), z.gte(0, "Invalid offset"), z.lte(1_000_000, "Invalid offset")),
});

/**
 * Filters of the admin Invoices screen and of its CSV export (docs/PRODUCT.md#admin-invoices): the
 * client, a status (INVOICE_FILTER_STATUSES), a date range over the issue or the due date
 * (inclusive) and part of an invoice number; junk falls back to no filter, as on the list screens.
 * The export also takes the clients list's search (`q`: its "Export invoices").
 */
const invoiceFilterShape = {
  client: z.catch(z.optional(uuidSchema), undefined),
  status: z._default(z.catch(z.union([z.enum(INVOICE_FILTER_STATUSES), z.literal("all")]), "all"), "all"),
  dates: z._default(z.catch(z.enum(["issued", "due"]), "issued"), "issued"),
  from: optionalFilterDate,
  to: optionalFilterDate,
  number: z._default(searchText, ""),
};

export const invoiceListQuerySchema = z.object({
  ...invoiceFilterShape,
  // Where the page starts (keyset): the last row of the page before, as "<issue date or none>_<id>".
  after: z.catch(
    z.optional(
      z.string().check(
        z.regex(/^(\d{4}-\d{2}-\d{2}|none)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
        z.refine((value) => value.startsWith("none") || isoDateSchema.safeParse(value.slice(0, 10)).success),
      ),
    ),
    undefined,
  ),
});

export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const invoiceExportQuerySchema = z.object({ ...invoiceFilterShape, q: z._default(searchText, "") });

export type InvoiceExportQuery = z.output<typeof invoiceExportQuerySchema>;
export { STATEMENT_FORMATS, statementQuerySchema, type StatementFormat, type StatementQuery } from "./statement";
