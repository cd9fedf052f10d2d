// GET /api/admin/exports/clients?q=: the clients list (with its search) as a CSV download.
import { clientListQuerySchema } from "@/features/clients/validation";
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { CLIENT_EXPORT_COLUMNS, exportAdminClients } from "@/features/exports/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const { q } = parseInput(clientListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return csvResponse({ name: "clients", columns: CLIENT_EXPORT_COLUMNS, pages: exportAdminClients(getDb(), { actor, q }) });
});
