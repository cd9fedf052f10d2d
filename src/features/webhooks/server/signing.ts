import "server-only";
import { createHmac, randomBytes, randomUUID } from "node:crypto";

// Standard Webhooks signatures (https://www.standardwebhooks.com): the receiver checks
// `webhook-signature` against HMAC-SHA256("<webhook-id>.<webhook-timestamp>.<body>") under the
// endpoint's secret, `whsec_` and the key in base64. During a rotation each signature is sent,
// space-separated, so a receiver holding either secret accepts the message.

const SECRET_PREFIX = "whsec_";

/** A new endpoint secret: 32 random bytes. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;

/** A new message id: the same for every delivery and redelivery of one event. */
export const newMessageId = (): string => `msg_${randomUUID().replace(/-/g, "")}`;

function signatureOf(secret: string, content: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(content, "utf8").digest("base64")}`;
}

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
  const seconds = Math.floor(timestamp.getTime() / 1000).toString();
  const content = `${messageId}.${seconds}.${body}`;
  return {
    "webhook-id": messageId,
    "webhook-timestamp": seconds,
    "webhook-signature": secrets.map((secret) => signatureOf(secret, content)).join(" "),
  };
}
