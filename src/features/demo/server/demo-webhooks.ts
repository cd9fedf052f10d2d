import "server-only";
import { DEMO_FINDINGS } from "./demo-findings";
import { DEMO_CLIENTS, DEMO_USERS } from "./demo-data";

// Acme's webhook endpoint (docs/PRODUCT.md#api-and-webhooks): its receiver is down, so it is
// failing and its delivery log shows the attempts a newcomer would look at. Its address never
// resolves (.example), so the worker's next attempts fail the same way until it is turned off.

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

export const DEMO_WEBHOOK_ENDPOINT_ID = "00000000-0000-4000-8000-a7000000b001";
const EVENT_ID = "msg_demo00000000000000000000000001";

export function demoWebhookRows(sealedSecret: string) {
  const finding = DEMO_FINDINGS.find((f) => f.clientId === DEMO_CLIENTS.acme.id && f.status !== "draft")!;
  const deliveryId = "00000000-0000-4000-8000-a7000000c001";
  return {
    endpoint: {
      id: DEMO_WEBHOOK_ENDPOINT_ID,
      clientId: DEMO_CLIENTS.acme.id,
      kind: "standard" as const,
      url: "https://hooks.acme-robotics.example/security-portal",
      description: "Ticket sync receiver",
      events: ["finding.published", "finding.status_changed", "retest.completed"],
      sealedSecret,
      state: "failing" as const,
      failingSince: ago(95),
      createdByName: DEMO_USERS.acme.name,
      createdAt: ago(60 * 24 * 30),
    },
    event: {
      id: EVENT_ID,
      clientId: DEMO_CLIENTS.acme.id,
      type: "finding.status_changed",
      data: { findingId: finding.id, from: "open", to: "in_remediation" },
      chatText: `In Remediation: ${finding.title}`,
      portalPath: `/client-portal?section=findings&finding=${finding.id}`,
      createdAt: ago(95),
    },
    delivery: {
      id: deliveryId,
      eventId: EVENT_ID,
      endpointId: DEMO_WEBHOOK_ENDPOINT_ID,
      status: "pending" as const,
      attempts: 4,
      lastStatusCode: 503,
      lastError: "Answered HTTP 503.",
      lastAttemptAt: ago(5),
      createdAt: ago(95),
    },
    attempts: [
      { deliveryId, attemptedAt: ago(95), statusCode: 502, error: "Answered HTTP 502.", durationMs: 412 },
      { deliveryId, attemptedAt: ago(94), statusCode: null, error: "No answer within 10 seconds.", durationMs: 10_000 },
      { deliveryId, attemptedAt: ago(89), statusCode: 503, error: "Answered HTTP 503.", durationMs: 96 },
      { deliveryId, attemptedAt: ago(5), statusCode: 503, error: "Answered HTTP 503.", durationMs: 88 },
    ],
  };
}
