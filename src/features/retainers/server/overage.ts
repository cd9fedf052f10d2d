import "server-only";
import { and, eq } from "drizzle-orm";
import { monthOf } from "@/lib/retainer-period";
import { assertClient, assertClientOwner, type ClientActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { retainerMonths, retainerOverageRequests, timeEntries } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { addToMonth, CLOSED_MONTH_MESSAGE } from "./time-entries";

/**
 * An owner approves or declines an overage request (docs/PRODUCT.md#retainer-hours). Approved, the
 * time becomes an entry billed at the overage rate; either way the owner and the time are kept on
 * the request and in the audit log (the company's entries). Members are refused (403); another
 * company's request answers like a missing one.
 */
export async function decideOverageRequest(
  db: Db,
  { actor, requestId, decision }: { actor: ClientActor; requestId: string; decision: "approve" | "decline" },
) {
  assertClient(actor);
  assertClientOwner(actor);
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(retainerOverageRequests)
      .where(and(eq(retainerOverageRequests.id, requestId), eq(retainerOverageRequests.clientId, actor.clientId)))
      .for("update");
    if (!request) throw new AppError("not_found", "Overage request not found");
    if (request.status !== "pending") throw new AppError("conflict", "This overage request was already decided.");
    const month = monthOf(request.workDate);
    const [monthRow] = await tx
      .select({ closedAt: retainerMonths.closedAt })
      .from(retainerMonths)
      .where(and(eq(retainerMonths.retainerId, request.retainerId), eq(retainerMonths.month, month)));
    if (monthRow?.closedAt) throw new AppError("conflict", CLOSED_MONTH_MESSAGE);
    const decidedAt = new Date();
    let timeEntryId: string | null = null;
    if (decision === "approve") {
      const [entry] = await tx
        .insert(timeEntries)
        .values({
          retainerId: request.retainerId,
          clientId: request.clientId,
          projectId: request.projectId,
          workDate: request.workDate,
          minutes: request.minutes,
          person: request.person,
          description: request.description,
          billable: true,
          overage: true,
          createdBy: request.requestedBy,
        })
        .returning({ id: timeEntries.id });
      timeEntryId = entry!.id;
      await addToMonth(tx, { retainerId: request.retainerId, month, overage: request.minutes });
    }
    const status = decision === "approve" ? ("approved" as const) : ("declined" as const);
    await tx
      .update(retainerOverageRequests)
      .set({ status, decidedBy: actor.userId, decidedByName: actor.name || actor.email, decidedAt, timeEntryId })
      .where(eq(retainerOverageRequests.id, requestId));
    await recordAudit(tx, {
      actor,
      action: `retainer.overage_${status}`,
      entityType: "retainer_overage_request",
      entityId: requestId,
      clientId: actor.clientId,
      before: { status: "pending" },
      after: { status, minutes: request.minutes, decidedBy: actor.email, decidedAt: decidedAt.toISOString(), timeEntryId },
    });
    return { status, decidedAt: decidedAt.toISOString() };
  });
}
