import { badgeList } from "./badge-list";

// A company's outbound webhooks (docs/PRODUCT.md#api-and-webhooks): what can happen, where it can
// go, and how an endpoint is doing.

/**
 * What a webhook can tell. The payload is thin: the type and ids only, never a finding's text. A
 * new event comes with the slice that sends it (and a migration: the endpoints' CHECK).
 */
export const WEBHOOK_EVENT_TYPES = [
  "finding.published",
  "finding.status_changed",
  "retest.completed",
  "report.published",
  "attestation.issued",
  "attestation.revoked",
  "authorization.sent",
  "authorization.signed",
  "invoice.created",
  "invoice.paid",
  "message.received",
  "access_log.head_signed",
  "share.viewed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event tells, in a line: the Add endpoint form shows it under the event's name. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "finding.published": "A finding is published to you.",
  "finding.status_changed": "A finding's status moves: remediation, retest, risk acceptance.",
  "retest.completed": "A retest has its result.",
  "report.published": "A report version is published.",
  "attestation.issued": "An attestation letter is issued.",
  "attestation.revoked": "An attestation letter is revoked.",
  "authorization.sent": "An authorization is sent to you to sign.",
  "authorization.signed": "An authorization is signed, by you or by us.",
  "invoice.created": "An invoice appears in Billing.",
  "invoice.paid": "An invoice is paid.",
  "message.received": "We wrote in a conversation.",
  "access_log.head_signed": "The access log's chain head is signed (daily).",
  "share.viewed": "Someone you shared documents with viewed a page.",
};
/** The test event "Send test event" sends; never queued by anything else. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** Where an endpoint's deliveries go: a receiver that checks our signature, or a chat's incoming webhook. */
export const {
  values: WEBHOOK_ENDPOINT_KINDS,
  labels: WEBHOOK_ENDPOINT_KIND_LABELS,
  tones: WEBHOOK_ENDPOINT_KIND_TONES,
} = badgeList({ standard: "slate", slack: "sky", teams: "indigo" }, { standard: "Signed webhook", teams: "Microsoft Teams" });
export type WebhookEndpointKind = (typeof WEBHOOK_ENDPOINT_KINDS)[number];

/** Active; failing (its last attempt failed, retries continue); disabled (gave up, or an owner or the firm stopped it). */
export const {
  values: WEBHOOK_ENDPOINT_STATES,
  labels: WEBHOOK_ENDPOINT_STATE_LABELS,
  tones: WEBHOOK_ENDPOINT_STATE_TONES,
} = badgeList({ active: "emerald", failing: "amber", disabled: "slate" });
export type WebhookEndpointState = (typeof WEBHOOK_ENDPOINT_STATES)[number];

/**
 * A delivery waits for its next attempt, was answered with a 2xx, or was given up after the last
 * retry; held: raised while its endpoint was off, kept until an owner turning it on chooses to
 * deliver it (pending) or skip it (skipped: never sent, still in the delivery log, redeliverable).
 */
export const {
  values: WEBHOOK_DELIVERY_STATUSES,
  labels: WEBHOOK_DELIVERY_STATUS_LABELS,
  tones: WEBHOOK_DELIVERY_STATUS_TONES,
} = badgeList(
  { pending: "amber", succeeded: "emerald", failed: "red", held: "sky", skipped: "slate" },
  { held: "Held while off", skipped: "Skipped" },
);
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Seconds before each retry of a delivery after a failed attempt (the Standard Webhooks schedule):
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. Eight attempts in about 27 hours, then it is given up.
 */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SECONDS.length + 1;
