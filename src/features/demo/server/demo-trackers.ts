import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import { trackerTickets } from "@/features/trackers/server/schema";
import { sealableJiraCredential, seedTrackerConnection } from "@/features/trackers/server";
import {
  DEMO_GITHUB_BASE_URL,
  DEMO_GITHUB_CONNECTION_ID,
  DEMO_GITHUB_REPO,
  DEMO_GITHUB_TICKETS,
  DEMO_GITHUB_TOKEN,
  DEMO_GITHUB_WEBHOOK_SECRET,
  DEMO_JIRA_API_TOKEN,
  DEMO_JIRA_BASE_URL,
  DEMO_JIRA_CONNECTION_ID,
  DEMO_JIRA_EMAIL,
  DEMO_JIRA_PROJECT,
  DEMO_JIRA_WEBHOOK_SECRET,
  demoGitHubIssueUrl,
} from "./demo-tracker-constants";
import { DEMO_CLIENTS, DEMO_USERS } from "./demo-data";
import { DEMO_TICKET_CLOSED_DAYS_AGO } from "./demo-findings";

// Globex's Jira project, on the fake Jira (`npm run jira:fake`), with no ticket yet. Acme's GitHub
// repository (docs/PRODUCT.md#integrations), on the fake GitHub `npm run github:fake`
// starts with the same token, issues and webhook: two findings are tickets there, one closed, whose
// finding waits for its retest (demo-findings.ts). Without the fake running, testing the connection
// fails in the tracker's words, as it would for a company whose GitHub is unreachable.

const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

export async function seedDemoTrackers(tx: DbOrTx): Promise<void> {
  await seedTrackerConnection(tx, {
    id: DEMO_JIRA_CONNECTION_ID,
    clientId: DEMO_CLIENTS.globex.id,
    kind: "jira",
    baseUrl: DEMO_JIRA_BASE_URL,
    target: DEMO_JIRA_PROJECT,
    token: sealableJiraCredential({ email: DEMO_JIRA_EMAIL, apiToken: DEMO_JIRA_API_TOKEN }),
    webhookSecret: DEMO_JIRA_WEBHOOK_SECRET,
    state: "connected",
    lastSyncAt: ago(3),
    createdByName: DEMO_USERS.globex.name,
    createdAt: ago(4),
  });
  await seedTrackerConnection(tx, {
    id: DEMO_GITHUB_CONNECTION_ID,
    clientId: DEMO_CLIENTS.acme.id,
    kind: "github",
    baseUrl: DEMO_GITHUB_BASE_URL,
    target: DEMO_GITHUB_REPO,
    token: DEMO_GITHUB_TOKEN,
    webhookSecret: DEMO_GITHUB_WEBHOOK_SECRET,
    state: "connected",
    lastSyncAt: ago(DEMO_TICKET_CLOSED_DAYS_AGO),
    createdByName: DEMO_USERS.acme.name,
    createdAt: ago(11),
  });
  await tx.insert(trackerTickets).values(
    DEMO_GITHUB_TICKETS.map((t) => ({
      id: t.id,
      connectionId: DEMO_GITHUB_CONNECTION_ID,
      findingId: t.findingId,
      state: t.state,
      externalKey: String(t.number),
      externalUrl: demoGitHubIssueUrl(t.number),
      createdAt: ago(10),
      updatedAt: t.state === "closed" ? ago(DEMO_TICKET_CLOSED_DAYS_AGO) : ago(10),
    })),
  );
}
