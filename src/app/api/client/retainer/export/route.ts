// GET /api/client/retainer/export: the signed-in client's retainer time entries as a CSV download (portal Retainer); a read, so a viewing admin may too.
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { withClientRead } from "@/features/identity/server";
import { exportRetainerEntries, RETAINER_EXPORT_COLUMNS } from "@/features/retainers/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor }) =>
  csvResponse({ name: "retainer-hours", columns: RETAINER_EXPORT_COLUMNS, pages: exportRetainerEntries(getDb(), { actor }) }),
);
