// POST /api/trackers/github/{connection id}: GitHub's webhook deliveries to a company's connection,
// signed with its secret (no session): docs/PRODUCT.md#integrations.
import { BODY_LIMITS, readTextLimited } from "@/server/core/body-limit";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withPublic } from "@/server/core/handler";
import { handleGitHubDelivery } from "@/features/trackers/server";

export const dynamic = "force-dynamic";

export const POST = withPublic(async (request, { params }) => {
  // The signature covers the exact bytes received: read the raw text, never a re-serialised object.
  const rawBody = await readTextLimited(request, BODY_LIMITS.webhook, () => new AppError("payload_too_large", "Event body is too large."));
  const result = await handleGitHubDelivery(getDb(), {
    connectionId: String(params.id),
    event: request.headers.get("x-github-event"),
    signature: request.headers.get("x-hub-signature-256"),
    rawBody,
    deliveryId: request.headers.get("x-github-delivery"),
  });
  return Response.json({ success: true, ...result });
});
