// GET /api/admin/authorizations?projectId= → { success, authorization }: an engagement's authorization versions with their states and signatures, why testing is held back, and what a new draft starts from.
import { projectAuthorizationQuerySchema } from "@/features/authorizations/validation";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { getAdminProjectAuthorization } from "@/features/authorizations/server";
import { recordFirmAccess } from "@/features/audit/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const { projectId } = parseInput(projectAuthorizationQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const authorization = await getAdminProjectAuthorization(getDb(), { actor, projectId });
  if (!authorization) throw new AppError("not_found", "Project not found");
  await recordFirmAccess(getDb(), {
    actor,
    action: "authorization.view",
    clientIds: [authorization.project.clientId],
    entityType: "project",
    entityId: projectId,
    after: { name: authorization.project.projectName },
  });
  return Response.json({ success: true, authorization }, { headers: { "Cache-Control": "private, no-store" } });
});
