// GET /api/admin/exports/clients?q=: the clients list (with its search) as a CSV download.
import { clientListQuerySchema } from "@/lib/validation/admin";
import { CLIENT_EXPORT_COLUMNS } from "@/server/csv/export-columns";
import { csvResponse } from "@/server/core/csv/csv-response";
import { exportAdminClients } from "@/server/data/admin-exports";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/server/auth/route-guards";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const { q } = parseInput(clientListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return csvResponse({ name: "clients", columns: CLIENT_EXPORT_COLUMNS, pages: exportAdminClients(getDb(), { actor, q }) });
});
