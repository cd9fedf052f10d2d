// GET /api/client/findings/interchange?format=sarif|ocsf|asff&engagement=&severity=&category=: the company's published findings of a filter in another tool's format (docs/PRODUCT.md#exports); a read, so a viewing admin may too.
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withClientRead } from "@/features/identity/server";
import { exportClientInterchange, interchangeResponse } from "@/features/exports/server";
import { interchangeQuerySchema } from "@/features/exports/validation";

export const dynamic = "force-dynamic";

export const GET = withClientRead(async (request, { actor }) => {
  const query = parseInput(interchangeQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return interchangeResponse(await exportClientInterchange(getDb(), { actor, query }));
});
