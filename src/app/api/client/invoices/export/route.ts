// GET /api/client/invoices/export: the signed-in client's own invoices as a CSV download (portal Billing); a read, so a viewing admin may too.
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { withClientRead } from "@/features/identity/server";
import { PORTAL_INVOICE_EXPORT_COLUMNS } from "@/features/exports/server";
import { exportPortalInvoices } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor }) =>
  csvResponse({
    name: "invoices",
    columns: PORTAL_INVOICE_EXPORT_COLUMNS,
    pages: exportPortalInvoices(getDb(), { actor, projectName: projectNameSql }),
  }),
);
