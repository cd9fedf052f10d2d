import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";

// Standard Webhooks signatures (https://www.standardwebhooks.com), made by its own library
// (`Webhook.sign`): the receiver checks `webhook-signature` against
// HMAC-SHA256("<webhook-id>.<webhook-timestamp>.<body>") under the endpoint's secret, `whsec_` and
// the key in base64. During a rotation each signature is sent, space-separated, so a receiver
// holding either secret accepts the message.

const SECRET_PREFIX = "whsec_";

/** A new endpoint secret: 32 random bytes. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;

/** A new message id: the same for every delivery and redelivery of one event. */
export const newMessageId = (): string => `msg_${randomUUID().replace(/-/g, "")}`;

/** The three Standard Webhooks headers of one attempt, signed with each secret given. */
export function signedHeaders({
  messageId,
  timestamp,
  body,
  secrets,
}: {
  messageId: string;
  timestamp: Date;
  body: string;
  secrets: string[];
}): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": Math.floor(timestamp.getTime() / 1000).toString(),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(" "),
  };
}
