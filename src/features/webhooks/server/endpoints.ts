import "server-only";
import { demoMarkOf } from "@/server/core/demo-services";
import type { DemoMark } from "@/lib/domain/demo-service";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { WebhookDeliveryStatus, WebhookEndpointKind, WebhookEndpointState, WebhookEventType } from "@/lib/domain/webhook";
import { WEBHOOK_TEST_EVENT } from "@/lib/domain/webhook";
import {
  type AdminActor,
  assertAdmin,
  assertClient,
  assertClientOwner,
  type ClientActor,
  READ_ONLY_VIEW_MESSAGE,
} from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "./schema";
import { AppError } from "@/server/core/errors";
import { enqueueNow } from "@/server/core/jobs/send";
import { isRefusedTarget } from "@/server/core/outbound/guarded-fetch";
import { sealSecret } from "@/server/core/sealed-secret";
import { recordAudit } from "@/features/audit/server";
import { appLink, notifyClientOwners } from "@/features/notifications/server";
import { deliverPendingNow, queueDeliveryJobs, SECRET_PURPOSE, webhookDeliverJob } from "./deliver";
import { type HeldChoice, type HeldSummary, heldSummarySql, holdPendingDeliveries, releaseHeldDeliveries } from "./held";
import { newMessageId, newWebhookSecret } from "./signing";

export const MAX_ENDPOINTS = 10;
export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
export type WebhookEndpointRow = {
  id: string;
  kind: WebhookEndpointKind;
  url: string;
  description: string;
  events: WebhookEventType[];
  state: WebhookEndpointState;
  failingSince: string | null;
  disabledReason: string | null;
  createdByName: string;
  createdAt: string;
  lastDelivery: { status: WebhookDeliveryStatus; statusCode: number | null; at: string | null } | null;
  /** Events held while the endpoint was off, waiting for an owner's choice (deliver or skip). */
  held: HeldSummary;
  /** A demo service's receiver or chat, or a demo endpoint whose service is off (docs/PRODUCT.md#demo-services). */
  demo: DemoMark;
};

/** A new secret, sealed for storage, that nobody is shown (the demo's endpoint). */
export const newSealedWebhookSecret = () => sealSecret(newWebhookSecret(), SECRET_PURPOSE);

export function assertWriter(actor: ClientActor) {
  assertClient(actor);
  if (actor.viewer) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  assertClientOwner(actor);
}

/** A chat's incoming-webhook address is a secret of its own: lists show its host only. */
export const shownUrl = (kind: WebhookEndpointKind, url: string) => (kind === "standard" ? url : `${new URL(url).origin}/…`);

/** An address we would refuse at sending anyway, refused now with the reason (a name is checked when sent). */
function assertSendable(raw: string) {
  if (isRefusedTarget(raw))
    throw new AppError("bad_request", "Webhooks go to addresses on the public internet only.", {
      fieldErrors: { url: "Webhooks go to addresses on the public internet only." },
    });
}

/**
 * A new endpoint of the actor's company (owners only). A signed endpoint's secret is answered this
 * once, to show; it is kept sealed, since signing needs it back.
 */
export async function createWebhookEndpoint(
  db: DbOrTx,
  {
    actor,
    kind,
    url,
    description,
    events,
  }: { actor: ClientActor; kind: WebhookEndpointKind; url: string; description: string; events: WebhookEventType[] },
): Promise<{ id: string; secret: string | null }> {
  assertWriter(actor);
  assertSendable(url);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${actor.clientId}`}))`);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, actor.clientId));
    if ((counted?.n ?? 0) >= MAX_ENDPOINTS)
      throw new AppError("conflict", `Your company has ${MAX_ENDPOINTS} webhook endpoints. Remove one before adding another.`);
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        clientId: actor.clientId,
        kind,
        url,
        description,
        events,
        sealedSecret: sealSecret(secret, SECRET_PURPOSE),
        createdByName: actor.name || actor.email,
      })
      .returning({ id: webhookEndpoints.id });
    await recordAudit(tx, {
      actor,
      action: "webhook_endpoint.created",
      entityType: "webhook_endpoint",
      entityId: row!.id,
      clientId: actor.clientId,
      after: { kind, url: shownUrl(kind, url), events },
    });
    return { id: row!.id, secret: kind === "standard" ? secret : null };
  });
}

/** The company's endpoints with their latest delivery (owners, and a viewing admin). */
export async function listWebhookEndpoints(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<WebhookEndpointRow[]> {
  assertClient(actor);
  assertClientOwner(actor);
  return listEndpointsOf(db, actor.clientId);
}

async function listEndpointsOf(db: DbOrTx, clientId: string): Promise<WebhookEndpointRow[]> {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      kind: webhookEndpoints.kind,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      state: webhookEndpoints.state,
      failingSince: webhookEndpoints.failingSince,
      disabledReason: webhookEndpoints.disabledReason,
      createdByName: webhookEndpoints.createdByName,
      createdAt: webhookEndpoints.createdAt,
      // Table names written out: in a one-table select drizzle leaves column names unqualified.
      last: sql<{ status: WebhookDeliveryStatus; statusCode: number | null; at: string | null } | null>`(
        select json_build_object('status', d.status, 'statusCode', d.last_status_code, 'at', d.last_attempt_at)
          from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id and d.last_attempt_at is not null
         order by d.last_attempt_at desc limit 1)`,
      held: heldSummarySql,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.clientId, clientId))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map(({ last, held, ...row }) => ({
    ...row,
    url: shownUrl(row.kind, row.url),
    events: row.events as WebhookEventType[],
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last,
    held: held ? { count: Number(held.count), from: new Date(held.from).toISOString(), to: new Date(held.to).toISOString() } : null,
    demo: demoMarkOf(row.url),
  }));
}

export async function ownEndpoint(db: DbOrTx, actor: ClientActor, endpointId: string) {
  const [row] = await db
    .select({
      id: webhookEndpoints.id,
      kind: webhookEndpoints.kind,
      url: webhookEndpoints.url,
      state: webhookEndpoints.state,
      sealedSecret: webhookEndpoints.sealedSecret,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.clientId, actor.clientId)))
    .for("update");
  if (!row) throw new AppError("not_found", ENDPOINT_NOT_FOUND);
  return row;
}

/**
 * Turns an endpoint off or on again (owners). Off, what was still waiting is held, and so is what
 * happens meanwhile; on again, `held` says what becomes of it (delivered at the next drain, or
 * skipped), refused without it while something is held (held.ts).
 */
export async function setWebhookEndpointEnabled(
  db: DbOrTx,
  { actor, endpointId, enabled, held }: { actor: ClientActor; endpointId: string; enabled: boolean; held?: HeldChoice },
): Promise<{ held: { count: number; choice: HeldChoice } | null }> {
  assertWriter(actor);
  return db.transaction(async (tx) => {
    await ownEndpoint(tx, actor, endpointId);
    const released = enabled ? await releaseHeldDeliveries(tx, endpointId, held) : null;
    if (!enabled) await holdPendingDeliveries(tx, endpointId);
    await tx
      .update(webhookEndpoints)
      .set(
        enabled
          ? { state: "active", failingSince: null, disabledReason: null }
          : { state: "disabled", disabledReason: `Turned off by ${actor.name || actor.email}.` },
      )
      .where(eq(webhookEndpoints.id, endpointId));
    if (enabled) await deliverPendingNow(tx, endpointId);
    await recordAudit(tx, {
      actor,
      action: enabled ? "webhook_endpoint.enabled" : "webhook_endpoint.disabled",
      entityType: "webhook_endpoint",
      entityId: endpointId,
      clientId: actor.clientId,
      after: released ? { heldEvents: released.count, choice: released.choice } : undefined,
    });
    return { held: released };
  });
}

/** Removes an endpoint and its delivery log (owners). */
export async function deleteWebhookEndpoint(db: DbOrTx, { actor, endpointId }: { actor: ClientActor; endpointId: string }): Promise<void> {
  assertWriter(actor);
  await db.transaction(async (tx) => {
    const row = await ownEndpoint(tx, actor, endpointId);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    await recordAudit(tx, {
      actor,
      action: "webhook_endpoint.deleted",
      entityType: "webhook_endpoint",
      entityId: endpointId,
      clientId: actor.clientId,
      before: { kind: row.kind, url: shownUrl(row.kind, row.url) },
    });
  });
}

/** Queues a test event to this endpoint only (owners): `webhook.test`, with the endpoint's id. */
export async function sendTestWebhook(
  db: DbOrTx,
  { actor, endpointId }: { actor: ClientActor; endpointId: string },
): Promise<{ eventId: string }> {
  assertWriter(actor);
  return db.transaction(async (tx) => {
    const row = await ownEndpoint(tx, actor, endpointId);
    if (row.state === "disabled") throw new AppError("conflict", "Turn the endpoint on before sending it a test event.");
    const id = newMessageId();
    await tx.insert(webhookEvents).values({
      id,
      clientId: actor.clientId,
      type: WEBHOOK_TEST_EVENT,
      data: { endpointId },
      chatText: "Test event: this channel receives your security portal's events.",
      portalPath: "/client-portal?section=settings&tab=api",
    });
    const delivery = await tx
      .insert(webhookDeliveries)
      .values({ eventId: id, endpointId })
      .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
    await queueDeliveryJobs(tx, delivery);
    return { eventId: id };
  });
}

/**
 * Sends a delivery again, with the same message id, from its first attempt's schedule (owners); a
 * skipped one too. An endpoint that is off is turned on first (its held deliveries wait for that).
 */
export async function redeliverWebhook(db: DbOrTx, { actor, deliveryId }: { actor: ClientActor; deliveryId: string }): Promise<void> {
  assertWriter(actor);
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0 })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        inArray(
          webhookDeliveries.endpointId,
          db
            .select({ id: webhookEndpoints.id })
            .from(webhookEndpoints)
            .where(and(eq(webhookEndpoints.clientId, actor.clientId), sql`${webhookEndpoints.state} <> 'disabled'`)),
        ),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (row) {
    // Its first attempt again, due now, sent with the change.
    await enqueueNow(db, webhookDeliverJob, [{ data: { id: row.id, attempt: 1 }, key: `${row.id}:1` }]);
    return;
  }
  const [off] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.clientId, actor.clientId)));
  if (off) throw new AppError("conflict", "Turn the endpoint on before redelivering to it.");
  throw new AppError("not_found", "Delivery not found");
}

export type WebhookDeliveryRow = {
  id: string;
  eventId: string;
  type: string;
  status: WebhookDeliveryStatus;
  attempts: { at: string; statusCode: number | null; error: string | null; durationMs: number }[];
  createdAt: string;
};

/** An endpoint's latest deliveries, newest first, each with its attempts (the delivery log). */
export async function listWebhookDeliveries(
  db: DbOrTx,
  { actor, endpointId }: { actor: ClientActor; endpointId: string },
): Promise<WebhookDeliveryRow[]> {
  assertClient(actor);
  assertClientOwner(actor);
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      type: webhookEvents.type,
      status: webhookDeliveries.status,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookEndpoints.clientId, actor.clientId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(50);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(webhookAttempts.attemptedAt)
    : [];
  return deliveries.map((d) => ({
    ...d,
    createdAt: d.createdAt.toISOString(),
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({ at: a.attemptedAt.toISOString(), statusCode: a.statusCode, error: a.error, durationMs: a.durationMs })),
  }));
}

/** The company's endpoints for the firm's client page: kind, address (a chat's host only), state, last delivery. */
export async function listClientEndpointsForAdmin(
  db: DbOrTx,
  { actor, clientId }: { actor: AdminActor; clientId: string },
): Promise<WebhookEndpointRow[]> {
  assertAdmin(actor);
  return listEndpointsOf(db, clientId);
}

/** The firm stops a company's endpoint in an emergency: audited with the company, its owners mailed. */
export async function disableWebhookEndpointAsFirm(
  db: DbOrTx,
  { actor, endpointId }: { actor: AdminActor; endpointId: string },
): Promise<void> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ state: "disabled", disabledReason: `Turned off by our team (${actor.name || actor.email}).` })
      .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.state} <> 'disabled'`))
      .returning({ clientId: webhookEndpoints.clientId, kind: webhookEndpoints.kind, url: webhookEndpoints.url });
    if (!row) {
      const [exists] = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      if (!exists) throw new AppError("not_found", ENDPOINT_NOT_FOUND);
      return;
    }
    await holdPendingDeliveries(tx, endpointId);
    const shown = shownUrl(row.kind, row.url);
    await recordAudit(tx, {
      actor,
      action: "webhook_endpoint.disabled",
      entityType: "webhook_endpoint",
      entityId: endpointId,
      clientId: row.clientId,
      after: { url: shown },
    });
    await notifyClientOwners(tx, row.clientId, {
      key: `webhook-disabled-by-firm:${endpointId}:${Date.now()}`,
      category: "integrations",
      kind: "notify_webhook_disabled",
      content: (company) => ({
        subject: "A webhook endpoint was turned off by our team",
        greetingName: company,
        paragraphs: [
          `${actor.name || actor.email} of our team turned off your webhook endpoint ${shown}: nothing is sent to it until an owner turns it on again in Settings. Events meanwhile are kept: turning it on, you choose to deliver or skip them.`,
          "If you did not expect this, reply to this mail.",
        ],
        action: { label: "Open Settings", url: appLink("/client-portal?section=settings&tab=api") },
      }),
    });
  });
}
