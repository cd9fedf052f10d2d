// GET /api/client/findings/export: the signed-in client's published findings as a CSV download (portal Findings); a read, so a viewing admin may too.
import { csvResponse } from "@/server/core/csv/csv-response";
import { assertFindingsVisible } from "@/server/core/actor";
import { getDb } from "@/server/core/get-db";
import { withClientRead } from "@/features/identity/server";
import { exportClientFindings, FINDING_EXPORT_COLUMNS } from "@/features/findings/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor }) => {
  // Refused before the download starts: the pages are read as the file streams (docs/PRODUCT.md#portal-team).
  assertFindingsVisible(actor);
  return csvResponse({ name: "findings", columns: FINDING_EXPORT_COLUMNS, pages: exportClientFindings(getDb(), { actor }) });
});
