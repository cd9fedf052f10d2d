// POST /api/trackers/jira/{connection id}: a Jira Cloud admin webhook's deliveries to a company's
// connection, signed with its secret (no session): docs/PRODUCT.md#integrations.
import { BODY_LIMITS, readTextLimited } from "@/server/core/body-limit";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withPublic } from "@/server/core/handler";
import { handleJiraDelivery } from "@/features/trackers/server";

export const dynamic = "force-dynamic";

export const POST = withPublic(async (request, { params }) => {
  const rawBody = await readTextLimited(request, BODY_LIMITS.webhook, () => new AppError("payload_too_large", "Event body is too large."));
  const result = await handleJiraDelivery(getDb(), {
    connectionId: String(params.id),
    signature: request.headers.get("x-hub-signature"),
    rawBody,
    deliveryId: request.headers.get("x-atlassian-webhook-identifier"),
  });
  return Response.json({ success: true, ...result });
});
