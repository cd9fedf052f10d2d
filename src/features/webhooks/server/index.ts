import "server-only";

export { drainWebhookDeliveries, type WebhookDrainResult } from "./deliver";
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  ENDPOINT_NOT_FOUND,
  listEndpointsOf,
  listWebhookDeliveries,
  listWebhookEndpoints,
  MAX_ENDPOINTS,
  newSealedWebhookSecret,
  redeliverWebhook,
  rotateWebhookSecret,
  ROTATION_OVERLAP_HOURS,
  sendTestWebhook,
  setWebhookEndpointEnabled,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "./endpoints";
export { queueWebhookEvent, queueWebhookEvents, type WebhookEventInput, wantsWebhookEvent } from "./queue";
