// GET /api/client/access-log/export: the company's whole access log as a CSV download (owners; a viewing admin sees as an owner).
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { withClientRead } from "@/server/modules/account";
import { exportClientAccessLog } from "@/server/modules/audit";
import { ACCESS_LOG_EXPORT_COLUMNS } from "@/server/modules/exports";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (_request, { actor }) =>
  csvResponse({ name: "access-log", columns: ACCESS_LOG_EXPORT_COLUMNS, pages: exportClientAccessLog(getDb(), { actor }) }),
);
