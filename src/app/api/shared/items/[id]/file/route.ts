// GET /api/shared/items/{id}/file: a copy of a shared item stamped for the signed-in recipient, with its own verify code (download shares only).
import { uuidSchema } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withPublic } from "@/server/core/handler";
import { pdfResponse } from "@/server/core/pdf-response";
import { downloadRequestOf } from "@/features/documents/server";
import { downloadSharedItem, ITEM_NOT_FOUND, requireShareRecipient } from "@/features/sharing/server";

export const dynamic = "force-dynamic";

// The recipient's session cookie is the permission (docs/PRODUCT.md#sharing-with-third-parties).
export const GET = withPublic(async (request, { params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", ITEM_NOT_FOUND);
  const recipient = await requireShareRecipient(getDb(), request.headers);
  const { bytes, filename } = await downloadSharedItem(getDb(), {
    recipient,
    shareItemId: params.id as string,
    from: downloadRequestOf(request),
  });
  return pdfResponse(bytes, filename);
});
