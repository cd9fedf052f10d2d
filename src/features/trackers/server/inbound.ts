import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { trackerConnections, trackerDeliveries, trackerTickets } from "./schema";
import { AppError } from "@/server/core/errors";
import { openSecret } from "@/server/core/sealed-secret";
import { uuidSchema } from "@/lib/validation/common";
import { TRACKER_KIND_LABELS, type TrackerKind } from "@/lib/domain/tracker";
import { requestRetest, withdrawRetestRequest } from "@/features/findings/server";
import { WEBHOOK_SECRET_PURPOSE } from "./connections";
import { isValidGitHubSignature, issueChangeOf, type TicketChange } from "./github-webhook";
import { gitlabIssueChangeOf, isValidGitLabToken } from "./gitlab-webhook";
import { jiraIssueChangeOf } from "./jira-webhook";
import { companyNameSql } from "@/features/clients/server";

// What a tracker tells us of a ticket (docs/PRODUCT.md#integrations): a ticket closed there asks
// the firm for a retest (the finding becomes Fixed (pending retest), never Verified fixed: only the
// firm verifies); reopened while the retest waits, it withdraws the request (Open again). The
// change is the tracker's, on the finding's timeline under its name.

const REFUSED = "Invalid webhook signature.";
/** How long a delivery's id is kept: the same delivery sent again within it changes nothing. */
export const DELIVERY_ID_KEEP_DAYS = 7;

/**
 * The id a delivery is known by: the tracker's own (trimmed, at most 200 characters), or, when it
 * sends none (an older Jira Data Center), the digest of the exact body, which carries the event's
 * time, so only a byte-for-byte replay has the same one.
 */
export function deliveryKeyOf(headerId: string | null, rawBody: string): string {
  const id = headerId?.trim();
  if (id) return `id:${id.slice(0, 200)}`;
  return `sha256:${createHash("sha256").update(rawBody, "utf8").digest("hex")}`;
}

/** The company's ticket system acting on one of its findings: no person, its name on the timeline. */
export function trackerActor(
  connection: { id: string; kind: keyof typeof TRACKER_KIND_LABELS; clientId: string },
  company: string,
): ClientActor {
  const name = TRACKER_KIND_LABELS[connection.kind];
  return {
    role: "client",
    userId: `tracker:${connection.id}`,
    email: "",
    name,
    clientId: connection.clientId,
    company,
    personRole: "member",
    billingWithheld: true,
    reportsWithheld: true,
    // It acts on the findings its owners linked to tickets: the members' switch is not its.
    findingsWithheld: false,
    machine: { kind: "tracker", id: connection.id, name },
  };
}

/**
 * One delivery of a tracker's webhook to a connection of that kind: refused unless it proves the
 * connection's secret (the same answer for a connection that does not exist); an issue closed or
 * reopened moves its ticket, and a close asks for a retest when the finding can take one. Its id
 * is kept DELIVERY_ID_KEEP_DAYS, written in the transaction that acts on it: the same delivery
 * again (a replay, or the tracker's retry of one we took) is answered `replayed` and changes
 * nothing, while one whose handling failed was never recorded and is taken when sent again.
 */
async function handleDelivery(
  db: Db,
  {
    kind,
    connectionId,
    rawBody,
    deliveryId,
    proves,
    changeOf,
  }: {
    kind: TrackerKind;
    connectionId: string;
    rawBody: string;
    deliveryId: string | null;
    proves: (secret: string) => boolean;
    changeOf: (payload: unknown) => TicketChange | null;
  },
): Promise<{ applied: "closed" | "reopened" | null; replayed: boolean }> {
  if (!uuidSchema.safeParse(connectionId).success) throw new AppError("unauthorized", REFUSED);
  const [row] = await db
    .select({ connection: trackerConnections, company: companyNameSql(trackerConnections.clientId) })
    .from(trackerConnections)
    .where(and(eq(trackerConnections.id, connectionId), eq(trackerConnections.kind, kind)))
    .limit(1);
  if (!row || row.connection.state === "revoked") throw new AppError("unauthorized", REFUSED);
  if (!proves(openSecret(row.connection.sealedWebhookSecret, WEBHOOK_SECRET_PURPOSE))) throw new AppError("unauthorized", REFUSED);
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON.");
  }
  const change = changeOf(payload);
  return db.transaction(async (tx) => {
    await tx
      .delete(trackerDeliveries)
      .where(
        and(
          eq(trackerDeliveries.connectionId, connectionId),
          lt(trackerDeliveries.receivedAt, new Date(Date.now() - DELIVERY_ID_KEEP_DAYS * 86_400_000)),
        ),
      );
    const [fresh] = await tx
      .insert(trackerDeliveries)
      .values({ connectionId, deliveryId: deliveryKeyOf(deliveryId, rawBody) })
      .onConflictDoNothing()
      .returning({ id: trackerDeliveries.deliveryId });
    if (!fresh) return { applied: null, replayed: true };
    if (!change || change.repository.toLowerCase() !== row.connection.target.toLowerCase()) return { applied: null, replayed: false };
    const applied = await applyTicketChange(tx, {
      connection: row.connection,
      company: row.company,
      key: change.key,
      change: change.change,
    });
    return { applied: applied ? change.change : null, replayed: false };
  });
}

type DeliveryInput = { connectionId: string; rawBody: string; deliveryId: string | null };

/** GitHub's delivery: `X-Hub-Signature-256`, the HMAC of the raw body under the secret; its id `X-GitHub-Delivery`. */
export function handleGitHubDelivery(
  db: Db,
  { connectionId, event, signature, rawBody, deliveryId }: DeliveryInput & { event: string | null; signature: string | null },
) {
  return handleDelivery(db, {
    kind: "github",
    connectionId,
    rawBody,
    deliveryId,
    proves: (secret) => isValidGitHubSignature(rawBody, signature, secret),
    changeOf: (payload) => issueChangeOf(event, payload),
  });
}

/**
 * GitLab's delivery: the secret itself in `X-Gitlab-Token`; its id `Idempotency-Key` (the same on
 * GitLab's retries of it), or `X-Gitlab-Event-UUID` from a GitLab before 17.4.
 */
export function handleGitLabDelivery(
  db: Db,
  { connectionId, event, token, rawBody, deliveryId }: DeliveryInput & { event: string | null; token: string | null },
) {
  return handleDelivery(db, {
    kind: "gitlab",
    connectionId,
    rawBody,
    deliveryId,
    proves: (secret) => isValidGitLabToken(token, secret),
    changeOf: (payload) => gitlabIssueChangeOf(event, payload),
  });
}

/**
 * Jira's delivery: `X-Hub-Signature`, the same HMAC as GitHub's under the older name; its id
 * `X-Atlassian-Webhook-Identifier` (the same on Jira's retries of it; the body's digest without it).
 */
export function handleJiraDelivery(db: Db, { connectionId, signature, rawBody, deliveryId }: DeliveryInput & { signature: string | null }) {
  return handleDelivery(db, {
    kind: "jira",
    connectionId,
    rawBody,
    deliveryId,
    proves: (secret) => isValidGitHubSignature(rawBody, signature, secret),
    changeOf: jiraIssueChangeOf,
  });
}

/**
 * A ticket closed or reopened in the tracker (told by its webhook, or found by the sync's poll):
 * the ticket's state, and the finding's retest asked for or withdrawn. False when no ticket of the
 * connection has that key.
 */
export async function applyTicketChange(
  db: DbOrTx,
  {
    connection,
    company,
    key,
    change,
  }: {
    connection: { id: string; kind: keyof typeof TRACKER_KIND_LABELS; clientId: string };
    company: string;
    key: string;
    change: "closed" | "reopened";
  },
): Promise<boolean> {
  // One transaction: a ticket closed beside a finding still open is what asks for the ticket to be
  // reopened (`reopen.ts`), so no other instance may see the first change without the second.
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(trackerTickets)
      .set({ state: change === "closed" ? "closed" : "open", updatedAt: new Date() })
      .where(
        and(
          eq(trackerTickets.connectionId, connection.id),
          eq(trackerTickets.externalKey, key),
          // Reopened means something only for a ticket closed: a Jira issue moving between two open
          // statuses must not withdraw a retest the firm was asked for.
          change === "reopened" ? eq(trackerTickets.state, "closed") : undefined,
        ),
      )
      .returning({ findingId: trackerTickets.findingId });
    if (!ticket) return false;
    const actor = trackerActor(connection, company);
    const where = `${TRACKER_KIND_LABELS[connection.kind]} (#${key})`;
    try {
      if (change === "closed") await requestRetest(tx, { actor, findingId: ticket.findingId, note: `Closed in ${where}.` });
      else await withdrawRetestRequest(tx, { actor, findingId: ticket.findingId, note: `Reopened in ${where}.` });
    } catch (error) {
      // Closed: not open any more (verified, accepted, already waiting for its retest), nothing to
      // ask. Reopened: no retest waiting (the firm already decided), nothing to withdraw.
      if (!(error instanceof AppError) || error.code !== "conflict") throw error;
    }
    return true;
  });
}
