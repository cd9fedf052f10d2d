import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SECONDS } from "@/lib/domain/webhook";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "./schema";
import type { JobDefinition } from "@/server/core/jobs/job";
import { enqueueMany, enqueueNow, runQueuedJobs } from "@/server/core/jobs/send";
import { retryAfterSeconds } from "@/server/core/http/retry-after";
import { guardedFetch, OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import { openSecret } from "@/server/core/sealed-secret";
import { recordAudit } from "@/features/audit/server";
import { appLink, notifyClientOwners } from "@/features/notifications/server";
import { chatBody } from "./chat";
import { holdPendingDeliveries } from "./held";
import { signedHeaders } from "./signing";

export const SECRET_PURPOSE = "webhook-endpoint-secret";

type Endpoint = typeof webhookEndpoints.$inferSelect;
type Event = typeof webhookEvents.$inferSelect;
type Delivery = typeof webhookDeliveries.$inferSelect;
/** `retryAfter`: the wait a refusing receiver asked for (a 429's or a 503's Retry-After), in seconds. */
type Outcome = { statusCode: number | null; error: string | null; durationMs: number; retryAfter?: number | null };

const deliveryData = z.object({ id: z.string().uuid(), attempt: z.number().int().min(1) });

/**
 * One job per attempt of a delivery (data: the delivery and the attempt's number), keyed by both:
 * the first sent with the event, each retry sent by the attempt before it with its wait (the
 * Standard Webhooks schedule, or the receiver's Retry-After when longer). The engine's own retries
 * only cover an attempt cut off (its instance died) or a database error.
 */
export const webhookDeliverJob: JobDefinition = {
  name: "webhooks.deliver",
  handler: (db, data) => deliverAttempt(db, deliveryData.parse(data)),
  retryLimit: 5,
  retryDelaySeconds: 5,
  // The guarded fetch gives up after 10 s.
  expireInSeconds: 60,
  batchSize: 50,
};

const attemptJob = (delivery: Pick<Delivery, "id" | "attempts">) => {
  const attempt = delivery.attempts + 1;
  return { data: { id: delivery.id, attempt }, key: `${delivery.id}:${attempt}` };
};

/** Sends the job of each delivery's next attempt, in the caller's transaction. */
export async function queueDeliveryJobs(db: DbOrTx, deliveries: Array<Pick<Delivery, "id" | "attempts">>): Promise<void> {
  await enqueueMany(db, webhookDeliverJob, deliveries.map(attemptJob));
}

/** The next attempt of each pending delivery of an endpoint, due now (the endpoint is on again). */
export async function deliverPendingNow(db: DbOrTx, endpointId: string): Promise<void> {
  const rows = await db
    .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
  await enqueueNow(db, webhookDeliverJob, rows.map(attemptJob));
}

/**
 * Gives a job to each pending delivery of an endpoint that is on and has none waiting or running
 * (stored by a script, or before an upgrade): the engine's key keeps an attempt from having two.
 */
export async function requeuePendingDeliveries(db: Db): Promise<number> {
  const rows = await db
    .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, "pending"), sql`${webhookEndpoints.state} <> 'disabled'`))
    .limit(5000);
  await queueDeliveryJobs(db, rows);
  return rows.length;
}

/**
 * The signing secrets of an endpoint now: its own, and the earlier ones still in a rotation's
 * overlap (the previous one, and the one before it after a second rotation within the overlap).
 */
export function currentSecrets(
  endpoint: Pick<Endpoint, "sealedSecret" | "previousSealedSecret" | "previousSecretUntil" | "olderSealedSecret" | "olderSecretUntil">,
  now = new Date(),
) {
  const secrets = [openSecret(endpoint.sealedSecret, SECRET_PURPOSE)];
  for (const [sealed, until] of [
    [endpoint.previousSealedSecret, endpoint.previousSecretUntil],
    [endpoint.olderSealedSecret, endpoint.olderSecretUntil],
  ] as const)
    if (sealed && until && until > now) secrets.push(openSecret(sealed, SECRET_PURPOSE));
  return secrets;
}

/** The request of one attempt: a signed thin payload, or the chat's message. */
export function requestOf(endpoint: Endpoint, event: Event, now = new Date()) {
  if (endpoint.kind !== "standard")
    return {
      url: endpoint.url,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(chatBody(endpoint.kind, event.chatText, appLink(event.portalPath))),
    };
  const body = JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
  return {
    url: endpoint.url,
    headers: {
      "content-type": "application/json",
      "user-agent": "sentinel-webhooks/1",
      ...signedHeaders({ messageId: event.id, timestamp: now, body, secrets: currentSecrets(endpoint, now) }),
    },
    body,
  };
}

async function sendAttempt(endpoint: Endpoint, event: Event): Promise<Outcome> {
  const started = Date.now();
  try {
    const answer = await guardedFetch(requestOf(endpoint, event));
    const ok = answer.status >= 200 && answer.status < 300;
    if (ok) return { statusCode: answer.status, error: null, durationMs: Date.now() - started };
    return {
      statusCode: answer.status,
      error: `Answered HTTP ${answer.status}.`,
      durationMs: Date.now() - started,
      retryAfter: retryAfterSeconds(answer.headers["retry-after"], WEBHOOK_RETRY_SECONDS.at(-1)!),
    };
  } catch (error) {
    const message = error instanceof OutboundRefused ? error.message : "The request failed.";
    if (!(error instanceof OutboundRefused)) console.error("[webhooks] delivery failed unexpectedly:", error);
    return { statusCode: null, error: message, durationMs: Date.now() - started };
  }
}

export type AttemptOutcome = "succeeded" | "failed" | "disabled" | "skipped";

/**
 * One attempt of a delivery (docs/PRODUCT.md#api-and-webhooks), recorded with the next attempt's
 * job: a 2xx succeeds; anything else (another status, a refused address, no answer in 10 s) is
 * retried on the schedule (WEBHOOK_RETRY_SECONDS), or after the answer's Retry-After when that is
 * longer, and given up after the last attempt. An endpoint with a failed attempt is failing; one
 * whose given-up delivery saw no success of the endpoint since it was queued (a day of failures) is
 * disabled, its owners mailed. A delivery no longer pending, held, or past this attempt is skipped:
 * each attempt goes out at most once (an attempt cut off before its record is sent again, with the
 * same webhook-id the receiver deduplicates by).
 */
export async function deliverAttempt(db: Db, { id, attempt }: { id: string; attempt: number }): Promise<AttemptOutcome> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  if (!row || row.delivery.status !== "pending" || row.delivery.attempts !== attempt - 1 || row.endpoint.state === "disabled")
    return "skipped";
  const outcome = await sendAttempt(row.endpoint, row.event);
  return record(db, row.delivery, attempt, row.endpoint, outcome);
}

export type WebhookDrainResult = { succeeded: number; failed: number; disabled: number };

/**
 * Runs the queued delivery jobs now, in this process (runQueuedJobs): what the engine's workers do
 * within 2 s, for tests and benchmarks. `early` takes attempts before their wait.
 */
export async function drainWebhookDeliveries(db: Db, options: { early?: boolean } = {}): Promise<WebhookDrainResult> {
  const total: WebhookDrainResult = { succeeded: 0, failed: 0, disabled: 0 };
  for (const outcome of await runQueuedJobs(db, webhookDeliverJob, options)) {
    if (!outcome.ok) throw outcome.error;
    const result = outcome.result as AttemptOutcome;
    if (result !== "skipped") total[result]++;
  }
  return total;
}

async function record(db: Db, claim: Delivery, attempt: number, endpoint: Endpoint, outcome: Outcome): Promise<AttemptOutcome> {
  const ok = outcome.error === null;
  const givingUp = !ok && attempt >= WEBHOOK_MAX_ATTEMPTS;
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: attempt,
        status: ok ? "succeeded" : givingUp ? "failed" : "pending",
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        lastAttemptAt: new Date(),
      })
      .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.attempts, attempt - 1), eq(webhookDeliveries.status, "pending")))
      .returning({ status: webhookDeliveries.status });
    // Another run recorded this attempt already (a job sent twice for it), or the endpoint was
    // turned off meanwhile (the delivery is held): nothing more to do.
    if (!recorded) return "skipped" as const;
    await tx
      .insert(webhookAttempts)
      .values({ deliveryId: claim.id, statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs });
    if (recorded.status === "pending") {
      // A receiver that asked for a longer wait (a chat's rate limit) gets it: sooner would only be refused again.
      const wait = Math.max(WEBHOOK_RETRY_SECONDS[attempt - 1] ?? WEBHOOK_RETRY_SECONDS.at(-1)!, outcome.retryAfter ?? 0);
      await enqueueMany(tx, webhookDeliverJob, [
        { ...attemptJob({ id: claim.id, attempts: attempt }), startAfter: new Date(Date.now() + wait * 1000) },
      ]);
    }
    if (ok) {
      await tx
        .update(webhookEndpoints)
        .set({
          state: sql`case when ${webhookEndpoints.state} = 'failing' then 'active' else ${webhookEndpoints.state} end`,
          failingSince: null,
        })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return "succeeded" as const;
    }
    await tx
      .update(webhookEndpoints)
      .set({
        state: sql`case when ${webhookEndpoints.state} = 'active' then 'failing' else ${webhookEndpoints.state} end`,
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
      })
      .where(eq(webhookEndpoints.id, endpoint.id));
    if (!givingUp) return "failed" as const;
    // A success of the endpoint since this delivery was queued means it works again: only this one is lost.
    const [since] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.status, "succeeded"),
          gt(webhookDeliveries.lastAttemptAt, claim.createdAt),
        ),
      )
      .limit(1);
    if (since) return "failed" as const;
    const reason = `Every attempt of a delivery failed for a day (last: ${outcome.error ?? "no answer"}).`;
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ state: "disabled", disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, endpoint.id), sql`${webhookEndpoints.state} <> 'disabled'`))
      .returning({ id: webhookEndpoints.id });
    if (!disabled) return "failed" as const;
    // What the endpoint was still to send waits with what comes while it is off, for the owner's choice.
    await holdPendingDeliveries(tx, endpoint.id);
    await recordAudit(tx, {
      actor: null,
      action: "webhook_endpoint.disabled",
      entityType: "webhook_endpoint",
      entityId: endpoint.id,
      clientId: endpoint.clientId,
      after: { url: endpoint.url, reason },
    });
    await notifyClientOwners(tx, endpoint.clientId, {
      key: `webhook-disabled:${endpoint.id}:${claim.id}`,
      category: "integrations",
      kind: "notify_webhook_disabled",
      content: (company) => ({
        subject: "A webhook endpoint was disabled",
        greetingName: company,
        paragraphs: [
          `Deliveries to ${endpoint.url} for ${company} failed for a day, so we stopped sending to it.`,
          `${reason} Events are kept meanwhile. Fix the receiver, then turn the endpoint on again in Settings and choose to deliver or skip what was held.`,
        ],
        action: { label: "Open Settings", url: appLink("/client-portal?section=settings&tab=api") },
      }),
    });
    return "disabled" as const;
  });
}
