// POST /api/trackers/gitlab/{connection id}: GitLab's webhook deliveries to a company's connection,
// carrying its secret token (no session): docs/PRODUCT.md#integrations.
import { BODY_LIMITS, readTextLimited } from "@/server/core/body-limit";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withPublic } from "@/server/core/handler";
import { handleGitLabDelivery } from "@/features/trackers/server";

export const dynamic = "force-dynamic";

export const POST = withPublic(async (request, { params }) => {
  const rawBody = await readTextLimited(request, BODY_LIMITS.webhook, () => new AppError("payload_too_large", "Event body is too large."));
  const result = await handleGitLabDelivery(getDb(), {
    connectionId: String(params.id),
    event: request.headers.get("x-gitlab-event"),
    token: request.headers.get("x-gitlab-token"),
    rawBody,
    deliveryId: request.headers.get("idempotency-key") ?? request.headers.get("x-gitlab-event-uuid"),
  });
  return Response.json({ success: true, ...result });
});
