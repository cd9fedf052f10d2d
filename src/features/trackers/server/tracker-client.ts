import "server-only";
import type { TrackerKind, TrackerMapping } from "@/lib/domain/tracker";
import { openSecret } from "@/server/core/sealed-secret";
import { githubClient } from "./github";
import { gitlabClient } from "./gitlab";
import { jiraClient } from "./jira";
import { jiraCredentialOf } from "./jira-credential";
import { jiraDataCenterClient } from "./jira-dc";
import { DEFAULT_JIRA_ISSUE_TYPE } from "./jira-shared";
import type { TicketText } from "./ticket-text";

// One shape for every ticket system (docs/PRODUCT.md#integrations): the queue, the sync and the
// verdicts speak to it and never to a tracker's own client library. Each call throws a
// TrackerError in the tracker's own words when the tracker refuses.

export type FiledTicket = { key: string; url: string; state: "open" | "closed" };

export type TrackerClient = {
  /** The target's name as the tracker spells it, when the token may file tickets there. */
  check(): Promise<{ name: string }>;
  create(text: TicketText, labels: string[]): Promise<FiledTicket>;
  /** The ticket an earlier attempt filed, by the hidden marker in its text (no tracker has an idempotency key). */
  findByMarker(marker: string): Promise<FiledTicket | null>;
  getState(key: string): Promise<"open" | "closed">;
  update(key: string, text: TicketText): Promise<void>;
  comment(key: string, body: string): Promise<void>;
  close(key: string): Promise<void>;
  /** Open again (a finding open again in the portal); nothing when it already is. */
  reopen(key: string): Promise<void>;
};

/**
 * Where a connection files: its kind, the API's address, the repository or project, and its token
 * (for Jira, the sealed credential of `jira-credential.ts`: Cloud or Data Center); Jira also needs the issue type.
 */
export type TrackerTarget = { kind: TrackerKind; baseUrl: string; target: string; token: string; issueType?: string };

export const TOKEN_PURPOSE = "tracker-token";

export function trackerClient({ kind, baseUrl, target, token, issueType }: TrackerTarget): TrackerClient {
  switch (kind) {
    case "github":
      return githubClient({ baseUrl, repository: target, token });
    case "gitlab":
      return gitlabClient({ baseUrl, project: target, token });
    case "jira": {
      // Cloud or Data Center: the sealed credential says which.
      const credential = jiraCredentialOf(token);
      const jira = { baseUrl, projectKey: target, issueType: issueType ?? DEFAULT_JIRA_ISSUE_TYPE };
      return credential.deployment === "datacenter" ? jiraDataCenterClient({ ...jira, credential }) : jiraClient({ ...jira, credential });
    }
  }
}

/** The client of a stored connection, its token opened. */
export function trackerClientOf(connection: {
  kind: TrackerKind;
  baseUrl: string;
  target: string;
  sealedToken: string;
  mapping: Pick<TrackerMapping, "issueType">;
}): TrackerClient {
  return trackerClient({
    kind: connection.kind,
    baseUrl: connection.baseUrl,
    target: connection.target,
    token: openSecret(connection.sealedToken, TOKEN_PURPOSE),
    issueType: connection.mapping.issueType,
  });
}
