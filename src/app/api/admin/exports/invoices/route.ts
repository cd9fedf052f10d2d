// GET /api/admin/exports/invoices?client=&status=&dates=&from=&to=&number=&q=: the admin Invoices screen's filter (or the clients search) as a CSV download.
import { invoiceExportQuerySchema } from "@/features/invoices/validation";
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { ADMIN_INVOICE_EXPORT_COLUMNS, exportAdminInvoices } from "@/features/exports/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const filter = parseInput(invoiceExportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return csvResponse({
    name: "invoices",
    columns: ADMIN_INVOICE_EXPORT_COLUMNS,
    pages: exportAdminInvoices(getDb(), { actor, ...filter }),
  });
});
