// POST /api/shared/link ({ email }) → { success, message }: a new sign-in link mailed for each open share of that address (rate-limited; the same answer either way).
import { getDb } from "@/server/core/get-db";
import { parseJson, withPublic } from "@/server/core/handler";
import { requestShareLink } from "@/features/sharing/server";
import { shareLinkRequestSchema } from "@/features/sharing/validation";

export const dynamic = "force-dynamic";

export const POST = withPublic(async (request) => {
  const { email } = await parseJson(request, shareLinkRequestSchema);
  const message = await requestShareLink(getDb(), { email, headers: request.headers });
  return Response.json({ success: true, message });
});
