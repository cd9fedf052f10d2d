import "server-only";

export { deliverPendingNow, drainWebhookDeliveries, type WebhookDrainResult } from "./deliver";
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
  sendTestWebhook,
  setWebhookEndpointEnabled,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "./endpoints";
export type { HeldChoice, HeldSummary } from "./held";
export { rotateWebhookSecret, ROTATION_OVERLAP_HOURS } from "./rotation";
export { queueWebhookEvent, queueWebhookEvents, type WebhookEventInput, wantsWebhookEvent } from "./queue";
export { webhookJobs } from "./jobs";
