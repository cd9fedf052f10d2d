// GET /api/admin/exports/findings?format=sarif|ocsf|asff&client=&engagement=&severity=&category=: published findings of every company (or one) in another tool's format (docs/PRODUCT.md#exports).
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { exportAdminInterchange, interchangeResponse } from "@/features/exports/server";
import { interchangeQuerySchema } from "@/features/exports/validation";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  const query = parseInput(interchangeQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return interchangeResponse(await exportAdminInterchange(getDb(), { actor, query }));
});
