import "server-only";
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import type { WebhookEventType } from "@/lib/domain/webhook";
import type { DbOrTx } from "@/server/core/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "./schema";
import { queueDeliveryJobs } from "./deliver";
import { newMessageId } from "./signing";

/**
 * Something that happened, for a company's endpoints (docs/PRODUCT.md#api-and-webhooks). `data` is
 * ids only (a receiver reads the rest with its token); `chatText` the line a Slack or Teams message
 * shows (a finding's severity and title at most, never its text); `portalPath` where it links.
 */
export type WebhookEventInput = {
  clientId: string;
  type: WebhookEventType;
  data: Record<string, string | number | boolean | null>;
  chatText: string;
  portalPath: string;
};

/**
 * Queues events in the caller's transaction (the outbox pattern of the mail): the event exists
 * exactly when the change does, and the worker delivers it after the commit. One event row per
 * event, one delivery per subscribed endpoint, in three statements whatever the number of events.
 * An endpoint that is off (an owner's, the firm's, or disabled after a day of failures) gets its
 * delivery held: kept, unsent, until an owner turning it on chooses to deliver or skip what was held.
 * An event no endpoint wants is not stored. Returns the message ids queued.
 */
export async function queueWebhookEvents(db: DbOrTx, events: WebhookEventInput[]): Promise<string[]> {
  if (events.length === 0) return [];
  const clientIds = [...new Set(events.map((e) => e.clientId))];
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      clientId: webhookEndpoints.clientId,
      events: webhookEndpoints.events,
      state: webhookEndpoints.state,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.clientId, clientIds))
    // Shared: an owner turning an endpoint on (FOR UPDATE) waits for this transaction, so no
    // delivery is queued held just after the held ones were released.
    .for("share");
  if (endpoints.length === 0) return [];
  const rows = events.flatMap((event) => {
    const targets = endpoints.filter((e) => e.clientId === event.clientId && e.events.includes(event.type));
    return targets.length ? [{ event: { ...event, id: newMessageId() }, targets }] : [];
  });
  if (rows.length === 0) return [];
  await db.insert(webhookEvents).values(rows.map(({ event }) => event));
  const deliveries = await db
    .insert(webhookDeliveries)
    .values(
      rows.flatMap(({ event, targets }) =>
        targets.map((target) => ({
          eventId: event.id,
          endpointId: target.id,
          status: target.state === "disabled" ? ("held" as const) : ("pending" as const),
        })),
      ),
    )
    .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts, status: webhookDeliveries.status });
  // Each delivery's first attempt is a job sent with it: delivered once this transaction commits.
  await queueDeliveryJobs(
    db,
    deliveries.filter((d) => d.status === "pending"),
  );
  return rows.map(({ event }) => event.id);
}

/** One event: see queueWebhookEvents. */
export async function queueWebhookEvent(db: DbOrTx, event: WebhookEventInput): Promise<string | null> {
  return (await queueWebhookEvents(db, [event]))[0] ?? null;
}

/** Whether the company has an endpoint wanting this event, on or off (to skip building events nobody gets). */
export async function wantsWebhookEvent(db: DbOrTx, clientId: string, type: WebhookEventType): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.clientId, clientId), arrayContains(webhookEndpoints.events, [type])))
    .limit(1);
  return Boolean(row);
}
