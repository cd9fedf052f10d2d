// GET /api/shared/items/{id}/pages/{page}: one page of a shared item as a PNG stamped for the signed-in recipient (X-Page-Count: the item's pages).
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withPublic } from "@/server/core/handler";
import { downloadRequestOf } from "@/features/documents/server";
import { ITEM_NOT_FOUND, requireShareRecipient, viewSharedPage } from "@/features/sharing/server";
import { sharedPageParamsSchema } from "@/features/sharing/validation";

export const dynamic = "force-dynamic";

// The recipient's session cookie is the permission; no PDF leaves the server (docs/PRODUCT.md#sharing-with-third-parties).
export const GET = withPublic(async (request, { params }) => {
  const parsed = sharedPageParamsSchema.safeParse(params);
  if (!parsed.success) throw new AppError("not_found", ITEM_NOT_FOUND);
  const recipient = await requireShareRecipient(getDb(), request.headers);
  const { png, pages } = await viewSharedPage(getDb(), {
    recipient,
    shareItemId: parsed.data.id,
    page: parsed.data.page,
    from: downloadRequestOf(request),
  });
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Page-Count": String(pages),
    },
  });
});
