import "server-only";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SECONDS } from "@/lib/domain/webhook";
import type { Db } from "@/server/core/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/server/core/db/schema";
import { guardedFetch, OutboundRefused } from "@/server/core/outbound/guarded-fetch";
import { openSecret } from "@/server/core/sealed-secret";
import { recordAudit } from "@/features/audit/server";
import { appLink, notifyClientOwners } from "@/features/notifications/server";
import { chatBody } from "./chat";
import { holdPendingDeliveries } from "./held";
import { retryAfterSeconds } from "./retry-after";
import { signedHeaders } from "./signing";

/** How long a claimed delivery is held before another drain may try it (a crashed instance's). */
const LEASE_SECONDS = 60;
/** Deliveries claimed at once, and sent side by side. */
const BATCH = 50;
const PARALLEL = 16;
export const SECRET_PURPOSE = "webhook-endpoint-secret";

type Claimed = { id: string; event_id: string; endpoint_id: string; attempts: number; created_at: string };
type Endpoint = typeof webhookEndpoints.$inferSelect;
type Event = typeof webhookEvents.$inferSelect;
/** `retryAfter`: the wait a refusing receiver asked for (a 429's or a 503's Retry-After), in seconds. */
type Outcome = { statusCode: number | null; error: string | null; durationMs: number; retryAfter?: number | null };

/**
 * Claims due deliveries of endpoints that are not disabled: SKIP LOCKED lets other instances
 * claim others at the same moment, and the lease keeps these from being claimed again meanwhile.
 */
async function claimDue(db: Db, limit: number): Promise<Claimed[]> {
  const result = await db.execute<Claimed>(sql`
    update ${webhookDeliveries} d
       set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     where d.id in (
       select d2.id from ${webhookDeliveries} d2
         join ${webhookEndpoints} e on e.id = d2.endpoint_id
        where d2.status = 'pending' and d2.next_attempt_at <= now() and e.state <> 'disabled'
        order by d2.next_attempt_at
        limit ${limit}
        for update of d2 skip locked)
       and d.status = 'pending'
    returning d.id, d.event_id, d.endpoint_id, d.attempts, d.created_at`);
  return (result as unknown as { rows: Claimed[] }).rows;
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

async function attempt(endpoint: Endpoint, event: Event): Promise<Outcome> {
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

/** Runs `fn` over the items, at most `limit` at a time. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

export type WebhookDrainResult = { succeeded: number; failed: number; disabled: number };

/**
 * Delivers what is due (docs/PRODUCT.md#api-and-webhooks), a batch at a time, recording each
 * attempt before the next batch: a 2xx succeeds; anything else (another status, a refused address,
 * no answer in 10 s) is retried on the schedule (WEBHOOK_RETRY_SECONDS), or after the answer's
 * Retry-After when that is longer, and given up after the last attempt. An endpoint with a failed
 * attempt is failing; one whose given-up delivery saw no success of the endpoint since it was
 * queued (a day of failures) is disabled, its owners mailed.
 */
export async function drainWebhookDeliveries(db: Db, { maxBatches = 20 }: { maxBatches?: number } = {}): Promise<WebhookDrainResult> {
  const total: WebhookDrainResult = { succeeded: 0, failed: 0, disabled: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDue(db, BATCH);
    if (claimed.length === 0) break;
    const [endpoints, events] = await Promise.all([
      db
        .select()
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((c) => c.endpoint_id))])),
      db
        .select()
        .from(webhookEvents)
        .where(inArray(webhookEvents.id, [...new Set(claimed.map((c) => c.event_id))])),
    ]);
    const endpointOf = new Map(endpoints.map((e) => [e.id, e]));
    const eventOf = new Map(events.map((e) => [e.id, e]));
    const outcomes = await mapLimit(claimed, PARALLEL, (c) => attempt(endpointOf.get(c.endpoint_id)!, eventOf.get(c.event_id)!));
    for (const [i, claim] of claimed.entries()) {
      const result = await record(db, claim, endpointOf.get(claim.endpoint_id)!, outcomes[i]!);
      total[result]++;
    }
  }
  return total;
}

async function record(db: Db, claim: Claimed, endpoint: Endpoint, outcome: Outcome): Promise<keyof WebhookDrainResult> {
  const ok = outcome.error === null;
  const givingUp = !ok && claim.attempts >= WEBHOOK_MAX_ATTEMPTS;
  return db.transaction(async (tx) => {
    await tx
      .insert(webhookAttempts)
      .values({ deliveryId: claim.id, statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs });
    await tx
      .update(webhookDeliveries)
      .set({
        status: ok ? "succeeded" : givingUp ? "failed" : "pending",
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        lastAttemptAt: new Date(),
        ...(ok || givingUp
          ? {}
          : {
              // A receiver that asked for a longer wait (a chat's rate limit) gets it: sooner would only be refused again.
              nextAttemptAt: sql`now() + make_interval(secs => ${Math.max(
                WEBHOOK_RETRY_SECONDS[claim.attempts - 1] ?? WEBHOOK_RETRY_SECONDS.at(-1)!,
                outcome.retryAfter ?? 0,
              )})`,
            }),
      })
      .where(eq(webhookDeliveries.id, claim.id));
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
          gt(webhookDeliveries.lastAttemptAt, new Date(claim.created_at)),
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
