// GET /api/admin/invoices/{id}/pdf: any invoice as a PDF drawn on the server, for the firm (its look in the company's access log).
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { pdfResponse } from "@/server/core/pdf-response";
import { withAdmin } from "@/features/identity/server";
import { adminInvoicePdf } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (_request, { actor, params }) => {
  const invoiceId = parseInput(uuidSchema, params.id);
  const { bytes, filename } = await adminInvoicePdf(getDb(), { actor, invoiceId, projectName: projectNameSql });
  return pdfResponse(bytes, filename);
});
