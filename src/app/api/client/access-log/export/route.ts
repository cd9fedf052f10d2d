// GET /api/client/access-log/export: the company's whole access log as a CSV download (owners; a viewing admin sees as an owner).
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { withClientRead } from "@/features/identity/server";
import { exportClientAccessLog } from "@/features/audit/server";
import { ACCESS_LOG_EXPORT_COLUMNS } from "@/features/exports/server";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor }) =>
  csvResponse({ name: "access-log", columns: ACCESS_LOG_EXPORT_COLUMNS, pages: exportClientAccessLog(getDb(), { actor }) }),
);
