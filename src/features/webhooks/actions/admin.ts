"use server";

import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { disableWebhookEndpointAsFirm } from "@/features/webhooks/server";
import { webhookEndpointIdSchema } from "@/features/webhooks/validation";

/** The firm turns a company's endpoint off in an emergency (docs/PRODUCT.md#api-and-webhooks). */
export const disableWebhookEndpointAsFirmAction = adminAction(webhookEndpointIdSchema, (actor, input) =>
  disableWebhookEndpointAsFirm(getDb(), { actor, endpointId: input.endpointId }),
);
