import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { TimeEntryValues } from "@/features/retainers/validation";
import { monthOf, reachedThresholds } from "@/lib/retainer-period";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { retainerMonths, retainerOverageRequests, retainers, timeEntries } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { monthColumns, retainerColumns } from "./columns";
import { monthsOf, todayUtc } from "./figures";
import { mailOverageRequested, mailThresholdReached } from "./retainer-mail";
import { findProject } from "@/features/projects/server";

export const CLOSED_MONTH_MESSAGE = "That month is closed: log the correction as a new entry in an open month.";

const noRetainer = () =>
  new AppError("bad_request", "This client has no retainer: set one first.", { fieldErrors: { clientId: "This client has no retainer" } });

/** The client's retainer, locked: one entry at a time per retainer keeps thresholds and overage exact. */
export async function lockRetainerOf(tx: DbOrTx, clientId: string) {
  const [retainer] = await tx.select(retainerColumns).from(retainers).where(eq(retainers.clientId, clientId)).for("update");
  return retainer ?? null;
}

/** The month's figures: its budget (carry-over from the months before included) and its use. */
export async function monthState(tx: DbOrTx, retainer: NonNullable<Awaited<ReturnType<typeof lockRetainerOf>>>, month: string) {
  const totals = await tx.select(monthColumns).from(retainerMonths).where(eq(retainerMonths.retainerId, retainer.id));
  return monthsOf(retainer, totals, month).find((m) => m.month === month) ?? null;
}

/** Adds minutes to a month's totals, creating its row at its first time. */
export async function addToMonth(
  tx: DbOrTx,
  {
    retainerId,
    month,
    billable = 0,
    nonBillable = 0,
    overage = 0,
  }: { retainerId: string; month: string; billable?: number; nonBillable?: number; overage?: number },
) {
  await tx
    .insert(retainerMonths)
    .values({ retainerId, month, billableMinutes: billable, nonBillableMinutes: nonBillable, overageMinutes: overage })
    .onConflictDoUpdate({
      target: [retainerMonths.retainerId, retainerMonths.month],
      set: {
        billableMinutes: sql`${retainerMonths.billableMinutes} + ${billable}`,
        nonBillableMinutes: sql`${retainerMonths.nonBillableMinutes} + ${nonBillable}`,
        overageMinutes: sql`${retainerMonths.overageMinutes} + ${overage}`,
      },
    });
}

/**
 * Logs time on a client's retainer (docs/PRODUCT.md#retainer-hours). Non-billable time is stored
 * and never counts. Billable time counts until the month's budget is used up; the part of an entry
 * past the budget (all of it once the budget is used) is stored as an overage request that waits
 * for an owner. Each threshold the month's use reaches is
 * mailed to the owners once, in the same transaction as the entry.
 */
export async function logTimeEntry(db: Db, { actor, values }: { actor: AdminActor; values: TimeEntryValues }) {
  assertAdmin(actor);
  const { clientId, projectId, workDate, hours: minutes, person, description, billable } = values;
  return db.transaction(async (tx) => {
    const retainer = await lockRetainerOf(tx, clientId);
    if (!retainer) throw noRetainer();
    const project = await findProject(tx, projectId, clientId);
    if (!project)
      throw new AppError("bad_request", "Choose a project of this client.", {
        fieldErrors: { projectId: "Choose a project of this client" },
      });
    if (workDate < retainer.startDate)
      throw new AppError("bad_request", "The date is before the retainer starts.", {
        fieldErrors: { workDate: "Before the retainer starts" },
      });
    if (workDate > todayUtc())
      throw new AppError("bad_request", "Time cannot be logged for a future day.", { fieldErrors: { workDate: "A future day" } });
    const month = monthOf(workDate);
    const [stored] = await tx
      .select({ closedAt: retainerMonths.closedAt, notified: retainerMonths.notifiedThresholds })
      .from(retainerMonths)
      .where(and(eq(retainerMonths.retainerId, retainer.id), eq(retainerMonths.month, month)));
    if (stored?.closedAt) throw new AppError("conflict", CLOSED_MONTH_MESSAGE, { fieldErrors: { workDate: "That month is closed" } });
    const figures = await monthState(tx, retainer, month);
    const budget = figures?.budgetMinutes ?? retainer.monthlyMinutes;
    const used = figures?.usedMinutes ?? 0;
    const fields = { retainerId: retainer.id, clientId, projectId, workDate, minutes, person, description };

    // Billable time counts up to the budget; whatever crosses it is an overage request for an
    // owner, so one long entry cannot slip past the budget as ordinary time.
    const counted = billable ? Math.max(0, Math.min(minutes, budget - used)) : minutes;
    const over = minutes - counted;
    let requestId: string | null = null;
    if (over > 0) {
      const requested = { ...fields, minutes: over };
      const [request] = await tx
        .insert(retainerOverageRequests)
        .values({ ...requested, requestedBy: actor.userId })
        .returning({ id: retainerOverageRequests.id });
      requestId = request!.id;
      await recordAudit(tx, {
        actor,
        action: "retainer.overage_requested",
        entityType: "retainer_overage_request",
        entityId: requestId,
        clientId,
        after: { ...requested },
      });
      await mailOverageRequested(tx, { requestId, clientId, name: retainer.name, minutes: over, description });
      if (counted === 0) return { kind: "overage_request" as const, id: requestId, countedMinutes: 0, overageMinutes: over };
    }

    const entryFields = { ...fields, minutes: counted };
    const [entry] = await tx
      .insert(timeEntries)
      .values({ ...entryFields, billable, createdBy: actor.userId })
      .returning({ id: timeEntries.id });
    await addToMonth(tx, { retainerId: retainer.id, month, billable: billable ? counted : 0, nonBillable: billable ? 0 : counted });
    await recordAudit(tx, {
      actor,
      action: "time_entry.create",
      entityType: "time_entry",
      entityId: entry!.id,
      clientId,
      after: { ...entryFields, billable },
    });
    if (billable) {
      const usedNow = used + counted;
      const already = stored?.notified ?? [];
      const fresh = reachedThresholds(retainer.thresholds, usedNow, budget).filter((t) => !already.includes(t));
      if (fresh.length > 0) {
        await tx
          .update(retainerMonths)
          .set({ notifiedThresholds: [...already, ...fresh].sort((a, b) => a - b) })
          .where(and(eq(retainerMonths.retainerId, retainer.id), eq(retainerMonths.month, month)));
        for (const threshold of fresh)
          await mailThresholdReached(tx, {
            retainerId: retainer.id,
            clientId,
            name: retainer.name,
            month,
            usedMinutes: usedNow,
            budgetMinutes: budget,
            threshold,
          });
      }
    }
    if (requestId) return { kind: "split" as const, id: entry!.id, requestId, countedMinutes: counted, overageMinutes: over };
    return { kind: "entry" as const, id: entry!.id, countedMinutes: counted, overageMinutes: 0 };
  });
}
