// GET /api/admin/clients/{id}/statement?from=&to=&format=pdf|csv: a company's statement for a period, for the firm (in the company's access log).
import { statementQuerySchema } from "@/features/invoices/validation";
import { uuidSchema } from "@/lib/validation/common";
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { pdfResponse } from "@/server/core/pdf-response";
import { withAdmin } from "@/features/identity/server";
import { STATEMENT_EXPORT_COLUMNS } from "@/features/exports/server";
import { getAdminStatement, adminStatementPdf, statementCsvPages, statementFileName } from "@/features/invoices/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor, params }) => {
  const clientId = parseInput(uuidSchema, params.id);
  const { from, to, format } = parseInput(statementQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const db = getDb();
  if (format === "pdf") {
    const { bytes, filename } = await adminStatementPdf(db, { actor, clientId, from, to });
    return pdfResponse(bytes, filename);
  }
  const statement = await getAdminStatement(db, { actor, clientId, from, to });
  return csvResponse({
    name: "statement",
    filename: statementFileName(statement, "csv"),
    columns: STATEMENT_EXPORT_COLUMNS,
    pages: statementCsvPages(statement),
  });
});
