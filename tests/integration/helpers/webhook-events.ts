import { and, asc, eq } from "drizzle-orm";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/domain/webhook";
import type { Db } from "@/server/core/db/client";
import { webhookEndpoints, webhookEvents } from "@/features/webhooks/server/schema";
import { newSealedWebhookSecret } from "@/features/webhooks/server";

// What a slice's change queues for the company's webhook endpoints (docs/PRODUCT.md#api-and-webhooks).
// An event no endpoint wants is not stored, so a test first gives the company one that wants all.

/** An endpoint of the company that wants every event (nothing delivers in these tests). */
export async function listenToEveryEvent(db: Db, clientId: string): Promise<void> {
  await db.insert(webhookEndpoints).values({
    clientId,
    kind: "standard",
    url: "https://hooks.example.com/every-event",
    events: [...WEBHOOK_EVENT_TYPES],
    sealedSecret: newSealedWebhookSecret(),
    createdByName: "Test",
  });
}

/** The company's queued events of one type, oldest first: their ids-only data, chat line and link. */
export async function queuedEvents(db: Db, clientId: string, type: WebhookEventType) {
  const rows = await db
    .select({ data: webhookEvents.data, chatText: webhookEvents.chatText, portalPath: webhookEvents.portalPath })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.clientId, clientId), eq(webhookEvents.type, type)))
    .orderBy(asc(webhookEvents.createdAt));
  return rows.map((row) => ({ ...row, data: row.data as Record<string, unknown> }));
}
