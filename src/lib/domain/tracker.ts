import type { FindingSeverity } from "./finding";
import { badgeList } from "./badge-list";

// A client company's own ticket system (docs/PRODUCT.md#integrations): the company's owners connect
// it; the portal files findings there as tickets and hears back when a ticket is closed or reopened.

/** Where tickets go: a GitHub repository, a GitLab project, a Jira project. */
export const {
  values: TRACKER_KINDS,
  labels: TRACKER_KIND_LABELS,
  tones: TRACKER_KIND_TONES,
} = badgeList({ github: "slate", gitlab: "amber", jira: "sky" }, { github: "GitHub", gitlab: "GitLab" });
export type TrackerKind = (typeof TRACKER_KINDS)[number];

/** Connected (the last call worked), failing (the tracker refused: its message is kept), revoked (an owner or the firm stopped it). */
export const {
  values: TRACKER_STATES,
  labels: TRACKER_STATE_LABELS,
  tones: TRACKER_STATE_TONES,
} = badgeList({ connected: "emerald", failing: "amber", revoked: "slate" });
export type TrackerState = (typeof TRACKER_STATES)[number];

/** When a published finding becomes a ticket: only when a person asks, or at publishing from a severity up. */
export const TRACKER_CREATE_MODES = ["manual", "automatic"] as const;
export type TrackerCreateMode = (typeof TRACKER_CREATE_MODES)[number];

/** How a connection files tickets (docs/PRODUCT.md#integrations). */
export type TrackerMapping = {
  createMode: TrackerCreateMode;
  /** The lowest severity filed automatically. */
  minSeverity: FindingSeverity;
  /** Labels (GitHub, GitLab) or the priority's name (Jira) per severity. */
  severityLabels: Record<FindingSeverity, string>;
  /** A finding's edits update its ticket's text. */
  keepInSync: boolean;
  /** Off by default: a ticket has more readers than the report vault. */
  attachEvidence: boolean;
  /**
   * When automatic creation was last turned on (ISO time): findings published from then on are
   * filed, never the company's earlier ones all at once.
   */
  automaticSince?: string;
  /** Jira only: the issue type each ticket is filed as (Task unless the owners chose another). */
  issueType?: string;
};

export const DEFAULT_TRACKER_MAPPING: TrackerMapping = {
  createMode: "manual",
  minSeverity: "high",
  severityLabels: {
    critical: "security:critical",
    high: "security:high",
    medium: "security:medium",
    low: "security:low",
    informational: "security:informational",
  },
  keepInSync: true,
  attachEvidence: false,
};

/** A ticket as the finding shows it: open in the tracker, or closed there. */
export const TRACKER_TICKET_STATES = ["creating", "open", "closed"] as const;
export type TrackerTicketState = (typeof TRACKER_TICKET_STATES)[number];

/**
 * The site a connection's tracker is on, as a person names it (github.com for GitHub's API
 * address, a GitLab's or Jira's host): two connections to one repository name on two sites read apart.
 */
export function trackerSite(baseUrl: string): string {
  try {
    const host = new URL(baseUrl).host;
    return host === "api.github.com" ? "github.com" : host;
  } catch {
    return baseUrl;
  }
}
