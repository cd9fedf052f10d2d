// GET /api/client/documents/{id}: a short-lived signed download link for one of the signed-in client's own documents (the download recorded).
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput } from "@/server/core/handler";
import { withClientRead } from "@/features/identity/server";
import { downloadRequestOf, getDocumentDownload } from "@/features/documents/server";

export const dynamic = "force-dynamic";

// A read: an admin viewing the portal may download too (docs/PRODUCT.md#admin-view-as-client).
// Each call is a download, recorded with who asked, from where and with which browser.
export const GET = withClientRead(async (request, { actor, params }) => {
  const documentId = parseInput(uuidSchema, params.id);
  const { downloadUrl, filename } = await getDocumentDownload(getDb(), { actor, documentId, from: downloadRequestOf(request) });
  // The link is a bearer credential for a minute: keep it out of every cache.
  return Response.json({ success: true, downloadUrl, filename }, { headers: { "Cache-Control": "private, no-store" } });
});
