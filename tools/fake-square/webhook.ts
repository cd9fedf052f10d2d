// Signed Square webhook notifications, as Square sends them: HMAC-SHA256 over the notification
// URL followed by the raw body, base64, in x-square-hmacsha256-signature.
import { createHmac, randomUUID } from "node:crypto";

export function signSquareWebhook(rawBody: string, signatureKey: string, notificationUrl: string): string {
  return createHmac("sha256", signatureKey)
    .update(notificationUrl + rawBody, "utf8")
    .digest("base64");
}

export type SquareEvent = {
  merchant_id: string;
  type: string;
  event_id: string;
  created_at: string;
  data: { type: string; id: string; object: Record<string, unknown> };
};

/** An event envelope: `objectType` is "invoice" or "subscription", the object goes under it. */
export function buildSquareEvent(opts: {
  merchantId: string;
  type: string;
  objectType: string;
  object: { id: string; [key: string]: unknown };
  eventId?: string;
}): SquareEvent {
  return {
    merchant_id: opts.merchantId,
    type: opts.type,
    event_id: opts.eventId ?? randomUUID(),
    created_at: new Date().toISOString(),
    data: { type: opts.objectType, id: opts.object.id, object: { [opts.objectType]: opts.object } },
  };
}

/**
 * POSTs an event to `targetUrl`, signed for `notificationUrl` (the URL registered with Square,
 * which is the target unless a proxy sits in between). Returns the receiver's status and body.
 */
export async function sendSquareWebhook(opts: {
  targetUrl: string;
  notificationUrl?: string;
  signatureKey: string;
  event: SquareEvent | string;
  signature?: string;
}): Promise<{ status: number; body: string }> {
  const raw = typeof opts.event === "string" ? opts.event : JSON.stringify(opts.event);
  const signature = opts.signature ?? signSquareWebhook(raw, opts.signatureKey, opts.notificationUrl ?? opts.targetUrl);
  const response = await fetch(opts.targetUrl, {
    method: "POST",
    headers: { "content-type": "application/json", "x-square-hmacsha256-signature": signature, "square-version": "2026-09-16" },
    body: raw,
  });
  return { status: response.status, body: await response.text() };
}
