// GET /api/client/statement?from=&to=&format=pdf|csv: the signed-in client's statement for a period (portal Billing); a read, so a viewing admin may too.
import { statementQuerySchema } from "@/features/invoices/validation";
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { pdfResponse } from "@/server/core/pdf-response";
import { withClientRead } from "@/features/identity/server";
import { STATEMENT_EXPORT_COLUMNS } from "@/features/exports/server";
import { getPortalStatement, portalStatementPdf, statementCsvPages, statementFileName } from "@/features/invoices/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (request, { actor }) => {
  const { from, to, format } = parseInput(statementQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const db = getDb();
  if (format === "pdf") {
    const { bytes, filename } = await portalStatementPdf(db, { actor, from, to });
    return pdfResponse(bytes, filename);
  }
  const statement = await getPortalStatement(db, { actor, from, to });
  return csvResponse({
    name: "statement",
    filename: statementFileName(statement, "csv"),
    columns: STATEMENT_EXPORT_COLUMNS,
    pages: statementCsvPages(statement),
  });
});
