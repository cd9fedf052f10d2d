import "server-only";
import { and, asc, eq, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { clientSubscriptions, subscriptionPeriods, subscriptionTiers } from "./schema";
import { recordAudit } from "@/features/audit/server";
import { createSquareInvoice, squareSubscriptionTarget, storeSquareInvoice } from "@/features/square/server";
import { firstPeriod, nextPeriod, utcDay, type BillingPeriod } from "./plan-metrics";

// Billing the plans the firm invoices itself (docs/PRODUCT.md#portal-book-service): a plan with
// no Square subscription gets one invoice at Square per period. The period's row is written first
// (unique per subscription and period start), then Square is called with the row's id as the
// idempotency key, so neither a retry nor a second instance's tick bills a period twice.

/** Unbilled periods are tried again on every tick, at most this many times. */
export const MAX_BILLING_ATTEMPTS = 20;
/** At most this many subscriptions and periods per tick (the next tick takes the rest). */
const BATCH = 100;
/** A server down for months catches up at most this many periods of one subscription per tick. */
const MAX_CATCH_UP = 12;

const NO_CUSTOMER = "Square is not connected, or the client has no Square customer linked: the period is billed once it is.";

const toInstant = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Starts billing an active subscription from `now`'s day: its first period (stored, billed by the
 * next tick or by billDuePeriods) and its next billing date. Runs in the caller's transaction.
 */
export async function startBilling(
  tx: DbOrTx,
  { subscriptionId, tierId, amountCents, now }: { subscriptionId: string; tierId: string; amountCents: number; now: Date },
): Promise<BillingPeriod> {
  const period = firstPeriod(utcDay(now));
  await tx
    .update(clientSubscriptions)
    .set({ currentPeriodStart: toInstant(period.start), currentPeriodEnd: toInstant(period.end) })
    .where(eq(clientSubscriptions.id, subscriptionId));
  await tx
    .insert(subscriptionPeriods)
    .values({ subscriptionId, tierId, periodStart: period.start, periodEnd: period.end, amountCents })
    .onConflictDoNothing();
  return period;
}

/**
 * Moves every firm-billed subscription whose period has ended into its next one: a plan asked to
 * end at its period's end is cancelled instead; a plan switch takes effect; the new period's row
 * is stored. Each subscription is locked (SKIP LOCKED) so two instances never both move it.
 */
export async function rollOverPeriods(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(
      and(
        eq(clientSubscriptions.status, "active"),
        isNull(clientSubscriptions.squareSubscriptionId),
        lte(clientSubscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(clientSubscriptions.currentPeriodEnd))
    .limit(BATCH);
  let moved = 0;
  for (const { id } of due) {
    moved += await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(clientSubscriptions)
        .where(
          and(eq(clientSubscriptions.id, id), eq(clientSubscriptions.status, "active"), lte(clientSubscriptions.currentPeriodEnd, now)),
        )
        .for("update", { skipLocked: true });
      if (!row?.currentPeriodEnd || !row.currentPeriodStart) return 0;
      const anchorDay = (row.activatedAt ?? row.currentPeriodStart).getUTCDate();
      let period: BillingPeriod = { start: utcDay(row.currentPeriodStart), end: utcDay(row.currentPeriodEnd) };
      if (row.cancelAtPeriodEnd) {
        const endedAt = toInstant(period.end);
        await tx
          .update(clientSubscriptions)
          .set({ status: "cancelled", cancelledAt: endedAt, nextTierId: null, updatedAt: now })
          .where(eq(clientSubscriptions.id, row.id));
        await recordAudit(tx, {
          actor: null,
          action: "subscription.ended",
          entityType: "client_subscription",
          entityId: row.id,
          clientId: row.clientId,
          before: { status: "active" },
          after: { status: "cancelled", endedOn: period.end },
        });
        return 1;
      }
      const tierId = row.nextTierId ?? row.tierId;
      const [tier] = await tx
        .select({ price: subscriptionTiers.monthlyPriceCents })
        .from(subscriptionTiers)
        .where(eq(subscriptionTiers.id, tierId));
      const today = utcDay(now);
      for (let i = 0; i < MAX_CATCH_UP && period.end <= today; i += 1) {
        period = nextPeriod(period, anchorDay);
        await tx
          .insert(subscriptionPeriods)
          .values({ subscriptionId: row.id, tierId, periodStart: period.start, periodEnd: period.end, amountCents: tier?.price ?? 0 })
          .onConflictDoNothing();
      }
      await tx
        .update(clientSubscriptions)
        .set({
          tierId,
          nextTierId: null,
          currentPeriodStart: toInstant(period.start),
          currentPeriodEnd: toInstant(period.end),
          updatedAt: now,
        })
        .where(eq(clientSubscriptions.id, row.id));
      return 1;
    });
  }
  return moved;
}

/**
 * Sends Square every stored period not billed yet: order and invoice created and published, then
 * the invoice stored as the client's (it shows in Billing at once) and the period marked billed,
 * in one transaction. A failure is written on the period (its last error) and tried again on the
 * next tick, up to MAX_BILLING_ATTEMPTS.
 */
export async function billDuePeriods(
  db: Db,
  now: Date,
  { subscriptionId }: { subscriptionId?: string } = {},
): Promise<{ billed: number; failed: number }> {
  const pending = await db
    .select({
      id: subscriptionPeriods.id,
      attempts: subscriptionPeriods.attempts,
      clientId: clientSubscriptions.clientId,
      planName: subscriptionTiers.tierName,
      amountCents: subscriptionPeriods.amountCents,
      periodStart: subscriptionPeriods.periodStart,
      periodEnd: subscriptionPeriods.periodEnd,
    })
    .from(subscriptionPeriods)
    .innerJoin(clientSubscriptions, eq(clientSubscriptions.id, subscriptionPeriods.subscriptionId))
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, subscriptionPeriods.tierId))
    .where(
      and(
        isNull(subscriptionPeriods.billedAt),
        lt(subscriptionPeriods.attempts, MAX_BILLING_ATTEMPTS),
        lte(subscriptionPeriods.periodStart, utcDay(now)),
        subscriptionId ? eq(subscriptionPeriods.subscriptionId, subscriptionId) : undefined,
      ),
    )
    .orderBy(asc(subscriptionPeriods.createdAt))
    .limit(BATCH);
  let billed = 0;
  let failed = 0;
  const targets = new Map<string, Awaited<ReturnType<typeof squareSubscriptionTarget>>>();
  for (const period of pending) {
    if (!period.clientId) continue;
    if (!targets.has(period.clientId)) targets.set(period.clientId, await squareSubscriptionTarget(db, { clientId: period.clientId }));
    const target = targets.get(period.clientId);
    if (!target) {
      // Nothing to call yet: the period waits, without using up its attempts, until Square is
      // connected and the client linked to a customer.
      await db.update(subscriptionPeriods).set({ lastError: NO_CUSTOMER }).where(eq(subscriptionPeriods.id, period.id));
      continue;
    }
    // Claimed at the attempt count read: another instance that read the same count finds it moved on.
    const [claimed] = await db
      .update(subscriptionPeriods)
      .set({ attempts: sql`${subscriptionPeriods.attempts} + 1`, updatedAt: now })
      .where(
        and(eq(subscriptionPeriods.id, period.id), isNull(subscriptionPeriods.billedAt), eq(subscriptionPeriods.attempts, period.attempts)),
      )
      .returning({ id: subscriptionPeriods.id });
    if (!claimed) continue;
    try {
      // An order of one line (the plan and the period) and its invoice, due on the period's first
      // day (a plan is paid in advance); the keys derive from the period, so a retry bills once.
      const published = await createSquareInvoice(db, {
        clientId: period.clientId,
        title: `${period.planName} plan, ${period.periodStart} to ${period.periodEnd}`,
        lines: [
          { name: `${period.planName} support plan`, note: `${period.periodStart} to ${period.periodEnd}`, priceCents: period.amountCents },
        ],
        dueDate: period.periodStart,
        saleOrServiceDate: period.periodStart,
        referenceId: period.id,
        idempotencyKeys: { order: `order-${period.id}`, invoice: `invoice-${period.id}`, publish: `publish-${period.id}` },
        acceptedPaymentMethods: { card: true, bankAccount: true },
        doing: "billing the plan's period",
      });
      await db.transaction(async (tx) => {
        await storeSquareInvoice(tx, { published, clientId: period.clientId!, announce: true });
        await tx
          .update(subscriptionPeriods)
          .set({
            billedAt: now,
            squareOrderId: published.squareOrderId,
            squareInvoiceId: published.invoice.squareInvoiceId,
            lastError: null,
            updatedAt: now,
          })
          .where(eq(subscriptionPeriods.id, period.id));
      });
      billed += 1;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[subscriptions] billing period ${period.id} failed: ${message}`);
      await db
        .update(subscriptionPeriods)
        .set({ lastError: message.slice(0, 500) })
        .where(eq(subscriptionPeriods.id, period.id));
    }
  }
  return { billed, failed };
}

/**
 * The plans' periodic work (the start-up tick): periods that ended roll over, then every period
 * not yet billed is sent to Square. Safe on several instances and when run twice.
 */
export async function runSubscriptionBilling(db: Db, now = new Date()): Promise<{ rolled: number; billed: number; failed: number }> {
  const rolled = await rollOverPeriods(db, now);
  const { billed, failed } = await billDuePeriods(db, now);
  return { rolled, billed, failed };
}
