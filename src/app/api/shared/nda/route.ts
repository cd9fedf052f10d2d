// POST /api/shared/nda ({ name, accept }) → { success }: the share's NDA accepted by the signed-in recipient (recorded once).
import { getDb } from "@/server/core/get-db";
import { parseJson, withPublic } from "@/server/core/handler";
import { downloadRequestOf } from "@/features/documents/server";
import { acceptShareNda, requireShareRecipient } from "@/features/sharing/server";
import { ndaAcceptSchema } from "@/features/sharing/validation";

export const dynamic = "force-dynamic";

// The recipient's session cookie is the permission (not a user's session).
export const POST = withPublic(async (request) => {
  const { name } = await parseJson(request, ndaAcceptSchema);
  const recipient = await requireShareRecipient(getDb(), request.headers);
  await acceptShareNda(getDb(), { recipient, name, from: downloadRequestOf(request) });
  return Response.json({ success: true });
});
