// GET /api/client/invoices/{id}/pdf: one of the signed-in client's own invoices as a PDF drawn on the server (a read: a viewing admin may too; another company's is a 404).
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { pdfResponse } from "@/server/core/pdf-response";
import { withClientRead } from "@/features/identity/server";
import { portalInvoicePdf } from "@/features/invoices/server";
import { projectNameSql } from "@/features/projects/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor, params }) => {
  const invoiceId = parseInput(uuidSchema, params.id);
  const { bytes, filename } = await portalInvoicePdf(getDb(), { actor, invoiceId, projectName: projectNameSql });
  return pdfResponse(bytes, filename);
});
