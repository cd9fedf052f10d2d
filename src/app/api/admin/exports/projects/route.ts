// GET /api/admin/exports/projects?q=&status=: the projects list (with its search and status filter) as a CSV download.
import { projectListQuerySchema } from "@/features/projects/validation";
import { csvResponse } from "@/server/core/csv/csv-response";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { exportAdminProjects, PROJECT_EXPORT_COLUMNS } from "@/features/exports/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const { q, status } = parseInput(projectListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return csvResponse({ name: "projects", columns: PROJECT_EXPORT_COLUMNS, pages: exportAdminProjects(getDb(), { actor, q, status }) });
});
