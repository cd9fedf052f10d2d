import "server-only";

export { drainWebhookDeliveries, type WebhookDrainResult } from "./deliver";
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  disableWebhookEndpointAsFirm,
  ENDPOINT_NOT_FOUND,
  listClientEndpointsForAdmin,
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
export { webhookJobs } from "./jobs";
