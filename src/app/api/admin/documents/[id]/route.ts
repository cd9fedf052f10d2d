// GET /api/admin/documents/{id} redirects to a short-lived signed link that shows the file (the download recorded).
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withAdmin } from "@/features/identity/server";
import { documentViewUrl, downloadRequestOf } from "@/features/documents/server";

export const dynamic = "force-dynamic";

const documentId = (params: Record<string, string | string[]>) => parseInput(uuidSchema, params.id);

export const GET = withAdmin(async (request, { actor, params }) => {
  const url = await documentViewUrl(getDb(), { actor, documentId: documentId(params), from: downloadRequestOf(request) });
  return new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store" } });
});
