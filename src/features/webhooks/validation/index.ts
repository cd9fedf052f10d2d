import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { uuidSchema } from "@/lib/validation/common";
import { WEBHOOK_ENDPOINT_KINDS, WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhook";

const URL_MESSAGE = "Enter the endpoint's full address, starting with https://";

/** A new webhook endpoint (docs/PRODUCT.md#api-and-webhooks). */
export const createWebhookEndpointSchema = z.object({
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS, { error: "Choose what kind of endpoint it is" }),
  url: z.string().check(
    z.trim(),
    z.maxLength(2000, "Keep the address under 2,000 characters"),
    z.refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
      } catch {
        return false;
      }
    }, URL_MESSAGE),
  ),
  description: z._default(z.string().check(z.trim(), z.maxLength(200, "Keep the description under 200 characters")), ""),
  events: z.pipe(
    z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Choose the events to send" })).check(z.minLength(1, "Choose at least one event")),
    z.transform((events: (typeof WEBHOOK_EVENT_TYPES)[number][]) => [...new Set(events)]),
  ),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

export const webhookEndpointIdSchema = z.object({ endpointId: uuidSchema });
export const webhookDeliveryIdSchema = z.object({ deliveryId: uuidSchema });

/**
 * Turning an endpoint off or on again; turning it on, what becomes of the events held while it was
 * off: delivered or skipped (asked for whenever something is held).
 */
export const webhookEndpointEnabledSchema = z.extend(webhookEndpointIdSchema, {
  enabled: z.boolean(),
  held: z.optional(z.enum(["deliver", "skip"], { error: "Choose to deliver or skip the held events" })),
});
