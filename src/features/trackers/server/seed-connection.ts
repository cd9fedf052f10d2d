import "server-only";
import { DEFAULT_TRACKER_MAPPING, type TrackerKind, type TrackerState } from "@/lib/domain/tracker";
import type { DbOrTx } from "@/server/core/db/client";
import { trackerConnections } from "./schema";
import { sealSecret } from "@/server/core/sealed-secret";
import { TOKEN_PURPOSE, WEBHOOK_SECRET_PURPOSE } from "./connections";

/**
 * A connection written as it stands, without asking the tracker (the demo data set, whose tracker
 * may not be running): the token and webhook secret sealed exactly as `connectTracker` seals them,
 * so the webhook route and the queue open them like any other. No audit: nobody connected it.
 */
export async function seedTrackerConnection(
  db: DbOrTx,
  input: {
    id: string;
    clientId: string;
    kind: TrackerKind;
    baseUrl: string;
    target: string;
    token: string;
    webhookSecret: string;
    state: TrackerState;
    stateMessage?: string | null;
    lastSyncAt: Date | null;
    createdByName: string;
    createdAt: Date;
  },
): Promise<void> {
  const { token, webhookSecret, ...row } = input;
  await db.insert(trackerConnections).values({
    ...row,
    sealedToken: sealSecret(token, TOKEN_PURPOSE),
    sealedWebhookSecret: sealSecret(webhookSecret, WEBHOOK_SECRET_PURPOSE),
    mapping: DEFAULT_TRACKER_MAPPING,
  });
}
