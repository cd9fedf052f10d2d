// GET /api/client/documents/{id}: a short-lived signed download link for one of the signed-in client's own documents.
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withClientRead } from "@/server/modules/account";
import { getDocumentDownload } from "@/server/modules/documents";

export const dynamic = "force-dynamic";

// A read: an admin viewing the portal may download too (docs/PRODUCT.md#admin-view-as-client).
export const GET = withClientRead(async (_request, { actor, params }) => {
  const documentId = parseInput(uuidSchema, params.id);
  const { downloadUrl, filename } = await getDocumentDownload(getDb(), { actor, documentId });
  // The link is a bearer credential for a minute: keep it out of every cache.
  return Response.json({ downloadUrl, filename }, { headers: { "Cache-Control": "private, no-store" } });
});
