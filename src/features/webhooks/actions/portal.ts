"use server";

import { getDb } from "@/server/core/get-db";
import { clientAction, clientReadAction } from "@/features/identity/server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
} from "@/features/webhooks/server";
import {
  createWebhookEndpointSchema,
  webhookDeliveryIdSchema,
  webhookEndpointEnabledSchema,
  webhookEndpointIdSchema,
} from "@/features/webhooks/validation";

// The portal owners' webhook endpoints (docs/PRODUCT.md#api-and-webhooks). Each module function
// refuses a member and a viewing admin itself.

export const createWebhookEndpointAction = clientAction(createWebhookEndpointSchema, (actor, input) =>
  createWebhookEndpoint(getDb(), { actor, ...input }),
);

export const setWebhookEndpointEnabledAction = clientAction(webhookEndpointEnabledSchema, (actor, input) =>
  setWebhookEndpointEnabled(getDb(), { actor, endpointId: input.endpointId, enabled: input.enabled, held: input.held }),
);

export const deleteWebhookEndpointAction = clientAction(webhookEndpointIdSchema, (actor, input) =>
  deleteWebhookEndpoint(getDb(), { actor, endpointId: input.endpointId }),
);

export const rotateWebhookSecretAction = clientAction(webhookEndpointIdSchema, (actor, input) =>
  rotateWebhookSecret(getDb(), { actor, endpointId: input.endpointId }),
);

export const sendTestWebhookAction = clientAction(webhookEndpointIdSchema, (actor, input) =>
  sendTestWebhook(getDb(), { actor, endpointId: input.endpointId }),
);

export const redeliverWebhookAction = clientAction(webhookDeliveryIdSchema, (actor, input) =>
  redeliverWebhook(getDb(), { actor, deliveryId: input.deliveryId }),
);

/** The delivery log of one endpoint, read when shown (a viewing admin reads it too). */
export const listWebhookDeliveriesAction = clientReadAction(webhookEndpointIdSchema, (actor, input) =>
  listWebhookDeliveries(getDb(), { actor, endpointId: input.endpointId }),
);
