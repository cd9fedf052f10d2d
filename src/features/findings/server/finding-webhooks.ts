import "server-only";
import { FINDING_SEVERITY_LABELS, FINDING_STATUS_LABELS, type FindingSeverity, type FindingStatus } from "@/lib/domain/finding";
import type { WebhookEventInput } from "@/features/webhooks/server";

// The findings' webhook events (docs/PRODUCT.md#api-and-webhooks): ids in the payload, and for a
// chat the severity or status and the title, never the finding's text.

export const findingPortalPath = (findingId: string) => `/client-portal?section=findings&finding=${findingId}`;

export const findingPublishedEvent = (
  clientId: string,
  projectId: string,
  finding: { id: string; title: string; severity: FindingSeverity },
): WebhookEventInput => ({
  clientId,
  type: "finding.published",
  data: { findingId: finding.id, projectId },
  chatText: `New ${FINDING_SEVERITY_LABELS[finding.severity]} finding: ${finding.title}`,
  portalPath: findingPortalPath(finding.id),
});

export const findingStatusEvent = (
  finding: { id: string; clientId: string; title: string; status: FindingStatus },
  to: FindingStatus,
): WebhookEventInput => ({
  clientId: finding.clientId,
  type: "finding.status_changed",
  data: { findingId: finding.id, from: finding.status, to },
  chatText: `${FINDING_STATUS_LABELS[to]}: ${finding.title}`,
  portalPath: findingPortalPath(finding.id),
});
