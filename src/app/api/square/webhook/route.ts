// Square's webhook notifications: signature-checked (no session), replays ignored by event id.
import { BODY_LIMITS, readTextLimited } from "@/server/core/body-limit";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { withPublic } from "@/server/core/handler";
import { handleSquareEvent, isValidSquareSignature, squareConfig, webhookNotificationUrl } from "@/features/square/server";
import { squareSubscriptionKnown } from "@/features/subscriptions/server";

export const dynamic = "force-dynamic";

export const POST = withPublic(async (request) => {
  const config = squareConfig();
  if (!config?.webhookSignatureKey) {
    throw new AppError(
      "unavailable",
      "Square webhooks are not configured: set SQUARE_WEBHOOK_SIGNATURE_KEY (and the application id and secret).",
    );
  }
  // The signature covers the exact bytes received: read the raw text, never a re-serialised object.
  const rawBody = await readTextLimited(request, BODY_LIMITS.webhook, () => new AppError("payload_too_large", "Event body is too large."));
  const signature = request.headers.get("x-square-hmacsha256-signature");
  if (!isValidSquareSignature(rawBody, signature, config.webhookSignatureKey, webhookNotificationUrl())) {
    throw new AppError("unauthorized", "Invalid webhook signature.");
  }
  const outcome = await handleSquareEvent(getDb(), config, rawBody, { subscriptionKnown: squareSubscriptionKnown });
  return Response.json({ success: true, ...outcome });
});
