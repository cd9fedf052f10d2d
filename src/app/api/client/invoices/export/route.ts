// GET /api/client/invoices/export: the signed-in client's own invoices as a CSV download (portal Billing).
import { PORTAL_INVOICE_EXPORT_COLUMNS } from "@/server/modules/exports";
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { exportPortalInvoices } from "@/server/modules/invoices";
import { withClient } from "@/server/modules/account";

export const dynamic = "force-dynamic";

export const GET = withClient(async (_request, { actor }) =>
  csvResponse({ name: "invoices", columns: PORTAL_INVOICE_EXPORT_COLUMNS, pages: exportPortalInvoices(getDb(), { actor }) }),
);
